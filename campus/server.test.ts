import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CAMPUS_ORIGIN } from "./config";
import type { CampusServerOptions } from "./server";
import { createCampusServer } from "./server";
import { createTestCampus } from "./test-support/test-campus";

const servers: ReturnType<typeof createCampusServer>[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  accepted.splice(0);
});

/** The server's side of each connection, in the order they were accepted. */
const accepted: net.Socket[] = [];

async function listenOnLoopback(options?: CampusServerOptions): Promise<number> {
  const server = createCampusServer(createTestCampus(), options);
  servers.push(server);
  server.on("connection", (socket: net.Socket) => accepted.push(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes and resolves with everything answered once the server closes the socket. */
function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
  });
}

/** Opens a socket, writes `bytes`, and resolves once `done` holds for what has been answered. */
function connectAndWaitFor(port: number, bytes: string, done: (answer: string) => boolean): Promise<{ socket: net.Socket; answer: string }> {
  return new Promise((resolve, reject) => {
    let answer = "";
    // Half-open allowed: the server's FIN alone must not make this client close its side.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true }, () => socket.write(bytes));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (done(answer)) resolve({ socket, answer });
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`closed before the answer was complete: ${answer}`)));
  });
}

/** Writes `head`, then chunks of a body that never ends, until the server closes the connection. */
function sendForever(port: number, head: string): Promise<string> {
  const chunk = `${(64 * 1024).toString(16)}\r\n${"a".repeat(64 * 1024)}\r\n`;
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true }, () => {
      socket.write(head);
      const pump = () => {
        while (!socket.destroyed && socket.write(chunk));
      };
      socket.on("drain", pump);
      pump();
    });
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => (answer += data));
    // The server cutting it off mid-body is the point: the client's write then fails.
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(answer));
  });
}

/** The test campus's own name: the Host its requests carry (the server listens on another port). */
const CAMPUS_HOST = new URL(DEFAULT_CAMPUS_ORIGIN).host;
const TOKEN_HEAD = `POST /v1/apps/token HTTP/1.1\r\nHost: ${CAMPUS_HOST}\r\nContent-Type: application/json\r\n`;
const answered413 = (answer: string) => /^HTTP\/1\.1 413 /.test(answer) && answer.endsWith("}}");

type Upload = { status?: number; body?: string; cacheControl?: string; errors: string[] };

/**
 * Node's HTTP client posting a 5 MB body, with its Content-Length or chunked, as one connection.
 * Resolves once that connection has closed, with the answer and every error either side saw.
 */
function upload(port: number, size: number, chunked: boolean): Promise<Upload> {
  const body = Buffer.alloc(size, "a");
  const result: Upload = { errors: [] };
  return new Promise((resolve) => {
    const headers = { host: CAMPUS_HOST, "content-type": "application/json", ...(chunked ? {} : { "content-length": size }) };
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/v1/apps/token", agent: false, headers }, (response) => {
      result.status = response.statusCode;
      result.cacheControl = response.headers["cache-control"];
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => (result.body = text));
      response.on("error", (error: NodeJS.ErrnoException) => result.errors.push(`response: ${error.code ?? error.message}`));
    });
    request.on("error", (error: NodeJS.ErrnoException) => result.errors.push(`request: ${error.code ?? error.message}`));
    request.on("close", () => resolve(result));
    if (!chunked) return void request.end(body);
    let offset = 0;
    const pump = () => {
      while (offset < size) {
        const more = request.write(body.subarray(offset, offset + 64 * 1024));
        offset += 64 * 1024;
        if (!more) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

describe("policy.ts: the campus answers only to its own names, by the Host a browser sends", () => {
  it("answers a rebound name 421 on the wire, and its own name", async () => {
    const port = await listenOnLoopback();
    const rebound = await connectAndWaitFor(port, "GET /control/launches HTTP/1.1\r\nHost: evil.example:4000\r\n\r\n", (answer) => answer.endsWith("}}"));
    expect(rebound.answer).toMatch(/^HTTP\/1\.1 421 /);
    expect(rebound.answer).toContain('{"error":{"code":"MISDIRECTED_REQUEST"');
    rebound.socket.destroy();
    const own = await connectAndWaitFor(port, `GET /control/launches HTTP/1.1\r\nHost: ${CAMPUS_HOST}\r\n\r\n`, (answer) => answer.endsWith("}"));
    expect(own.answer).toMatch(/^HTTP\/1\.1 200 /);
    own.socket.destroy();
  });
});

describe("policy.ts: a lying Content-Length cannot hold a socket", () => {
  it("answers 408 in the Error shape and closes the connection when the declared body never arrives", async () => {
    const port = await listenOnLoopback();
    const answer = await sendRaw(port, `${TOKEN_HEAD}Content-Length: 1000\r\n\r\n{"code":`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain("cache-control: private, no-store");
    expect(answer).toContain('{"error":{"code":"BAD_USER_INPUT"');
  }, 20_000);

  it("answers 413 before reading the declared body, while the client still holds the socket open", async () => {
    const port = await listenOnLoopback();
    const { socket, answer } = await connectAndWaitFor(port, `${TOKEN_HEAD}Content-Length: 5000000\r\n\r\n{"code":`, answered413);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain('{"error":{"code":"BAD_USER_INPUT"');
    socket.end();
    await once(socket, "close");
  });
});

describe("RFC 9112 9.6: a refused body is read and dropped before the connection closes (lingering close)", () => {
  it("lets a client still sending a 5 MB body read the 413, every time, with no reset", async () => {
    const port = await listenOnLoopback();
    for (let round = 0; round < 12; round += 1) {
      const chunked = round % 2 === 1;
      const result = await upload(port, 5_000_000, chunked);
      expect({ round, chunked, ...result, body: result.body && JSON.parse(result.body) }).toEqual({
        round,
        chunked,
        status: 413,
        cacheControl: "private, no-store",
        body: { error: { code: "BAD_USER_INPUT", message: expect.any(String) } },
        errors: [],
      });
    }
  }, 60_000);

  it("closes a connection whose client goes quiet after the answer, without waiting for it", async () => {
    const port = await listenOnLoopback({ linger: { idleMs: 50, maxMs: 60_000 } });
    const { socket } = await connectAndWaitFor(port, `${TOKEN_HEAD}Content-Length: 5000000\r\n\r\n{"code":`, answered413);
    // After the server's FIN a half-open client sees nothing more: the server's own side closes.
    const [serverSide] = accepted;
    if (!serverSide?.destroyed) await once(serverSide!, "close");
    socket.destroy();
  });

  it("closes a connection whose client never stops sending, at the time limit", async () => {
    const port = await listenOnLoopback({ linger: { idleMs: 60_000, maxMs: 200 } });
    const answer = await sendForever(port, `${TOKEN_HEAD}Transfer-Encoding: chunked\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});
