import { getEventListeners, once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendOverNodeHttp } from "./http-transport";

let server: Server | undefined;

afterEach(async () => {
  const closing = server;
  server = undefined;
  if (!closing) return;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
});

async function serve(handle: (request: IncomingMessage & { text: string }, response: ServerResponse) => void): Promise<string> {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => handle(Object.assign(request, { text }), response));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const never = () => new AbortController().signal;

describe("the campus HTTP transport over node:http", () => {
  it("sends the method, headers and JSON body, and reads status, Retry-After and body", async () => {
    const seen: Array<{ method?: string; type?: string; length?: string; auth?: string; text: string }> = [];
    const base = await serve((request, response) => {
      seen.push({ method: request.method, type: request.headers["content-type"], length: request.headers["content-length"], auth: request.headers.authorization, text: request.text });
      response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "3" }).end('{"error":{"code":"RATE_LIMITED","message":"wait"}}');
    });
    const body = JSON.stringify({ clientId: "é" });
    const answer = await sendOverNodeHttp({
      url: `${base}/v1/x`,
      method: "POST",
      headers: { Authorization: "Bearer t", "Content-Type": "application/json" },
      body,
      signal: never(),
    });
    expect(answer).toEqual({ status: 429, retryAfter: "3", text: '{"error":{"code":"RATE_LIMITED","message":"wait"}}' });
    expect(seen).toEqual([{ method: "POST", type: "application/json", length: String(Buffer.byteLength(body)), auth: "Bearer t", text: body }]);
  });

  it("reuses one kept-alive connection for consecutive requests", async () => {
    const ports = new Set<number | undefined>();
    const base = await serve((request, response) => {
      ports.add(request.socket.remotePort);
      response.end("{}");
    });
    for (let i = 0; i < 3; i++) await sendOverNodeHttp({ url: `${base}/v1/x`, method: "GET", headers: {}, signal: never() });
    expect(ports.size).toBe(1);
  });

  it("drops an idle connection before the server's keep-alive timeout ends it, and never one in use", async () => {
    // Keep-Alive: timeout=2. The agent lets go of the idle socket after one second, so a request
    // sent later opens a new connection instead of racing the server's close.
    const ports: Array<number | undefined> = [];
    let endedByClient: Promise<unknown> | undefined;
    const base = await serve((request, response) => {
      ports.push(request.socket.remotePort);
      endedByClient ??= once(request.socket, "end");
      setTimeout(() => response.end("{}"), request.url === "/v1/slow" ? 1_500 : 0);
    });
    server!.keepAliveTimeout = 2_000;
    await sendOverNodeHttp({ url: `${base}/v1/x`, method: "GET", headers: {}, signal: never() });
    // Reused at once, the socket carries a request that outlasts the one-second idle expiry.
    await expect(sendOverNodeHttp({ url: `${base}/v1/slow`, method: "GET", headers: {}, signal: never() })).resolves.toMatchObject({ status: 200 });
    // Idle, it is closed by the client (its end, not the server's own timeout of two seconds).
    await endedByClient;
    await sendOverNodeHttp({ url: `${base}/v1/x`, method: "GET", headers: {}, signal: never() });
    expect(ports[1]).toBe(ports[0]);
    expect(ports[2]).not.toBe(ports[0]);
  });

  it("rejects when the connection closes without an answer", async () => {
    const base = await serve((request) => request.socket.destroy());
    await expect(sendOverNodeHttp({ url: `${base}/v1/x`, method: "POST", headers: {}, body: "{}", signal: never() })).rejects.toThrow();
  });

  it("rejects when the deadline passes before the answer, or in the middle of its body", async () => {
    const base = await serve((request, response) => {
      if (request.url === "/v1/body") response.writeHead(200).write('{"partial":');
    });
    for (const path of ["/v1/silent", "/v1/body"]) {
      const deadline = new AbortController();
      setTimeout(() => deadline.abort(), 50);
      await expect(sendOverNodeHttp({ url: `${base}${path}`, method: "GET", headers: {}, signal: deadline.signal })).rejects.toThrow();
      expect(deadline.signal.aborted).toBe(true);
    }
  });

  it("leaves no listener on the deadline once settled, answered or failed, and refuses a deadline already past", async () => {
    const base = await serve((request, response) => {
      if (request.url === "/v1/ok") response.end("{}");
      else request.socket.destroy();
    });
    for (const [path, outcome] of [["/v1/ok", "resolves"], ["/v1/reset", "rejects"]] as const) {
      const deadline = new AbortController();
      const exchange = sendOverNodeHttp({ url: `${base}${path}`, method: "GET", headers: {}, signal: deadline.signal });
      // Our own listener while in flight; Node's weak one (the request's signal option) is not used.
      expect(getEventListeners(deadline.signal, "abort")).toHaveLength(1);
      await (outcome === "resolves" ? expect(exchange).resolves.toMatchObject({ status: 200 }) : expect(exchange).rejects.toThrow());
      expect(getEventListeners(deadline.signal, "abort")).toHaveLength(0);
    }
    await expect(sendOverNodeHttp({ url: `${base}/v1/ok`, method: "GET", headers: {}, signal: AbortSignal.abort() })).rejects.toThrow(/deadline/);
  });

  it("refuses a URL that is neither http nor https", async () => {
    await expect(sendOverNodeHttp({ url: "ftp://campus.test/v1/x", method: "GET", headers: {}, signal: never() })).rejects.toThrow(/unsupported protocol/);
  });
});
