import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import type { ApiRequest } from "@/lib/http/api-request";
import { routeHandler } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { nodeRoute } from "@/lib/http/node-route";

// The rate limits in this process's memory, whatever the test run's REDIS_URL.
vi.stubEnv("REDIS_URL", "");

// A Pages API route gets Node's own request and response; here a plain Node server stands in for Next's.
const seen: { input: unknown; hasSignal: boolean; url: string; cookies: string[]; read: Record<string, unknown> }[] = [];
const route = routeHandler({
  POST: {
    body: z.strictObject({ note: z.string() }),
    maxBodyBytes: 64,
    handle: async (request, input) => {
      seen.push({ input, hasSignal: "signal" in request, url: request.url, cookies: request.cookies.getAll().map(({ name }) => name), read: readOf(request) });
      if (input.note === "fail") throw new Error("a bug with a secret-looking stack");
      if (input.note === "refuse") throw new AppError("CALL_CONFLICT", "Already done");
      return { ...jsonNoStore({ echoed: input.note }, { status: 201 }), cookies: ["a=1; Path=/; HttpOnly", "b=2; Path=/; HttpOnly"] };
    },
  },
});

/** What the rules and the session read of a request, to compare with a NextRequest's reading. */
function readOf(request: ApiRequest) {
  return {
    launch: request.headers.get("X-Campus-Launch"),
    forwarded: request.headers.get("x-forwarded-for"),
    hasOrigin: request.headers.has("Origin"),
    absent: request.headers.get("x-absent"),
    encoded: request.cookies.get("encoded")?.value,
    flag: request.cookies.get("flag")?.value,
    missing: request.cookies.get("missing"),
    all: request.cookies.getAll(),
  };
}

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(nodeRoute(route));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** Sends a request as given on the wire: any method, a body in chunks without Content-Length when asked. */
function send(method: string, options: { path?: string; headers?: Record<string, string>; rawHeaders?: string[]; chunks?: string[] } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Raw headers (name, value, name, value…) may repeat a name.
    const headers = [...Object.entries({ host: "app.localhost:3000", ...options.headers }).flat(), ...(options.rawHeaders ?? [])];
    const req = httpRequest(`${base}${options.path ?? "/api/x"}`, { method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

const json = (body: string) => ({ headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }, chunks: [body] });

function expectError(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers["cache-control"]).toBe("private, no-store");
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
}

describe("nodeRoute: a route's rules served from Node's request and response", () => {
  it("hands the body, the path and the headers to the rules, and writes back status, headers, every cookie and the body", async () => {
    const answer = await send("POST", json('{"note":"hello"}'));
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ echoed: "hello" });
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/; HttpOnly"]);
    expect(seen.at(-1)).toMatchObject({ input: { note: "hello" }, hasSignal: false, url: expect.stringMatching(/\/api\/x$/), cookies: [] });
  });

  it("reads headers as Node parsed them: cookies sent on two lines are two cookies", async () => {
    const answer = await send("POST", { ...json('{"note":"c"}'), rawHeaders: ["cookie", "first=1", "cookie", "second=2"] });
    expect(answer.status).toBe(201);
    expect(seen.at(-1)?.cookies).toEqual(["first", "second"]);
  });

  it("reads headers and cookies as a NextRequest of the same request reads them", async () => {
    const cookie = "encoded=a%20b; flag; __Host-s=1; encoded=second";
    const sent = { "x-campus-launch": "launch-1", origin: "http://app.localhost:3000", cookie };
    const rawHeaders = ["x-forwarded-for", "203.0.113.1", "X-Forwarded-For", "198.51.100.2"];
    const body = json('{"note":"r"}');
    const answer = await send("POST", { ...body, headers: { ...body.headers, ...sent }, rawHeaders });
    expect(answer.status).toBe(201);
    const next = new NextRequest("http://app.localhost:3000/api/x", { method: "POST", headers: [...Object.entries(sent), ["x-forwarded-for", "203.0.113.1"], ["x-forwarded-for", "198.51.100.2"]] });
    expect(seen.at(-1)?.read).toEqual(readOf(next));
    expect(seen.at(-1)?.read).toMatchObject({ launch: "launch-1", forwarded: "203.0.113.1, 198.51.100.2", encoded: "second", flag: "true" });
  });

  it("reads a chunked body, counting it against the route's limit", async () => {
    const ok = await send("POST", { headers: { "content-type": "application/json", "transfer-encoding": "chunked" }, chunks: ['{"note":', '"in parts"}'] });
    expect(JSON.parse(ok.body)).toEqual({ echoed: "in parts" });
    const big = await send("POST", { headers: { "content-type": "application/json", "transfer-encoding": "chunked" }, chunks: ['{"note":"', "x".repeat(100), '"}'] });
    expectError(big, 413, "PAYLOAD_TOO_LARGE");
  });

  it("keeps the input rules: a query string, a foreign origin, a wrong type", async () => {
    const before = seen.length;
    expectError(await send("POST", { ...json('{"note":"a"}'), path: "/api/x?sessionKey=k" }), 400, "BAD_USER_INPUT");
    const foreign = json('{"note":"a"}');
    expectError(await send("POST", { ...foreign, headers: { ...foreign.headers, origin: "https://evil.example" } }), 403, "FORBIDDEN");
    expectError(await send("POST", { headers: { "content-type": "text/plain", "content-length": "3" }, chunks: ["abc"] }), 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(seen.length).toBe(before);
  });

  it("answers an undeclared method with 405 and Allow, a method Node's fetch cannot build included", async () => {
    for (const method of ["GET", "DELETE", "TRACE", "PROPFIND"]) {
      const answer = await send(method);
      expectError(answer, 405, "METHOD_NOT_ALLOWED");
      expect(answer.headers["allow"]).toBe("POST");
    }
  });

  it("maps the handler's errors as every route does: an AppError keeps its code, anything else is a 503 without its message", async () => {
    expectError(await send("POST", json('{"note":"refuse"}')), 409, "CALL_CONFLICT");
    const failed = await send("POST", json('{"note":"fail"}'));
    expectError(failed, 503, "INTERNAL_SERVER_ERROR");
    expect(failed.body).not.toContain("secret-looking");
  });
});
