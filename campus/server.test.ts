import { once } from "node:events";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BODY_READ_TIMEOUT_MS } from "./core/policy";
import { createCampusServer } from "./server";
import { createTestCampus } from "./test-support/test-campus";

const servers: ReturnType<typeof createCampusServer>[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listenOnLoopback(): Promise<number> {
  const server = createCampusServer(createTestCampus());
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes and resolves with everything answered once the server closes the socket. */
function sendRaw(port: number, bytes: string): Promise<{ answer: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
  });
}

describe("policy.ts: a lying Content-Length cannot hold a socket", () => {
  it("answers 408 in the Error shape and closes the connection when the declared body never arrives", async () => {
    const port = await listenOnLoopback();
    const head = "POST /v1/apps/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n";
    const { answer, closedAfterMs } = await sendRaw(port, `${head}{"code":`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain("cache-control: private, no-store");
    expect(answer).toContain('{"error":{"code":"BAD_USER_INPUT"');
    expect(closedAfterMs).toBeLessThan(BODY_READ_TIMEOUT_MS + 2_000);
  }, 15_000);

  it("answers 413 at once and closes when the declared length is over the limit", async () => {
    const port = await listenOnLoopback();
    const head = "POST /v1/apps/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n";
    const { answer, closedAfterMs } = await sendRaw(port, `${head}{"code":`);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAfterMs).toBeLessThan(1_000);
  });
});
