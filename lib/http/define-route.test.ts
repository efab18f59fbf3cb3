import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CLIENT_ADDRESS_HEADER, clientAddressStamp, parseTrustedProxies } from "@/lib/security/client-address";
import { DEFAULT_BODY_LIMIT_BYTES, RATE_LIMITS } from "@/lib/shared/app-limits";
import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { readLimitedText } from "@/lib/http/read-body";
import { loginRequestSchema } from "@/lib/wire/auth-routes";
import { wireRequest } from "@/lib/testing/wire-request";

// The rate limits in this process's memory, whatever the test run's REDIS_URL.
vi.stubEnv("REDIS_URL", "");
// A proxy is configured; the requests below come from it only where the capture says so.
vi.stubEnv("TRUSTED_PROXY", "10.0.0.0/8");

const APP = "http://app.localhost:3000";
const schema = z.strictObject({ note: z.string().max(20_000) });

function aRoute(options: { maxBodyBytes?: number } = {}) {
  const seen: unknown[] = [];
  const route = defineRoute({
    GET: { handle: async () => jsonNoStore({ read: true }) },
    POST: {
      body: schema,
      ...options,
      handle: async (_request, input) => {
        seen.push(input);
        return jsonNoStore({ ok: true });
      },
    },
  });
  return { route, seen };
}

type Init = { method?: string; headers?: Record<string, string>; body?: BodyInit; path?: string };
// `duplex: "half"` lets a request carry a stream body (Node's fetch asks for it).
const streaming = { duplex: "half" } as const;
const request = ({ method = "POST", headers = {}, body, path = "/api/x" }: Init = {}) =>
  wireRequest(`${APP}${path}`, { method, headers: { host: "app.localhost:3000", "content-type": "application/json", ...headers }, body });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const body = await response.json();
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  return body as { error: { code: string; message: string } };
}

/** A chunked body: `chunks` pieces of `size` bytes, counting how many the server pulled. */
function chunkedBody(chunks: number, size: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

describe("methods: a route answers every method, a foreign one with 405, Allow and the Error shape", () => {
  it.each(["PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"] as const)("%s is 405 with Allow: GET, POST", async (method) => {
    const { route } = aRoute();
    const response = await route[method](request({ method }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    if (method !== "HEAD") expect(await response.json()).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED" } });
  });

  it("a POST-only route answers GET with 405 and Allow: POST", async () => {
    const route = defineRoute({ POST: { handle: async () => jsonNoStore({}) } });
    const response = await route.GET(request({ method: "GET" }));
    await expectError(response, 405, "METHOD_NOT_ALLOWED");
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("in development, a route answers to the app's own names only (DNS rebinding)", () => {
  it("a foreign Host is 421 before the method, the body or the handler", async () => {
    vi.stubEnv("NODE_ENV", "development");
    try {
      const { route, seen } = aRoute();
      const rebound = { host: "rebound.example:3000", origin: "http://rebound.example:3000" };
      await expectError(await route.POST(request({ body: '{"note":"a"}', headers: rebound })), 421, "MISDIRECTED_REQUEST");
      await expectError(await route.GET(request({ method: "GET", headers: rebound })), 421, "MISDIRECTED_REQUEST");
      expect((await route.POST(request({ body: '{"note":"a"}' }))).status).toBe(200);
      expect(seen).toHaveLength(1);
    } finally {
      vi.stubEnv("NODE_ENV", "test");
    }
  });
});

describe("no route takes a query string", () => {
  it("is 400 before the handler runs", async () => {
    const { route, seen } = aRoute();
    await expectError(await route.POST(request({ path: "/api/x?sessionKey=k", body: '{"note":"a"}' })), 400, "BAD_USER_INPUT");
    expect(seen).toEqual([]);
  });
});

describe("cross-site requests: a state-changing request from another site is 403", () => {
  const body = '{"note":"a"}';

  it("a foreign Origin", async () => {
    const { route, seen } = aRoute();
    await expectError(await route.POST(request({ body, headers: { origin: "https://evil.example" } })), 403, "FORBIDDEN");
    await expectError(await route.POST(request({ body, headers: { origin: "null" } })), 403, "FORBIDDEN");
    expect(seen).toEqual([]);
  });

  it("Sec-Fetch-Site: cross-site, whatever the Origin says", async () => {
    const { route } = aRoute();
    const headers = { origin: APP, "sec-fetch-site": "cross-site" };
    await expectError(await route.POST(request({ body, headers })), 403, "FORBIDDEN");
  });

  it("the app's own origin, or no Origin at all (not a browser page), goes through", async () => {
    const { route, seen } = aRoute();
    expect((await route.POST(request({ body, headers: { origin: APP, "sec-fetch-site": "same-origin" } }))).status).toBe(200);
    expect((await route.POST(request({ body }))).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it("X-Forwarded-Host names the app only when the socket's peer is a trusted proxy, not because one is configured", async () => {
    const { route, seen } = aRoute();
    const posing = { origin: "https://evil.example", "x-forwarded-host": "evil.example" };
    await expectError(await route.POST(request({ body, headers: posing })), 403, "FORBIDDEN");
    expect(seen).toEqual([]);
    // What the capture writes for a request whose socket is the proxy at 10.0.0.7.
    const stamp = { [CLIENT_ADDRESS_HEADER]: clientAddressStamp("10.0.0.7", "203.0.113.9", parseTrustedProxies(["10.0.0.0/8"])) };
    const proxied = { ...stamp, host: "app-internal:3000", origin: "https://app.example", "x-forwarded-host": "app.example" };
    expect((await route.POST(request({ body, headers: proxied }))).status).toBe(200);
  });

  it("a GET is not checked: GETs change nothing", async () => {
    const { route } = aRoute();
    expect((await route.GET(request({ method: "GET", headers: { origin: "https://evil.example" } }))).status).toBe(200);
  });
});

describe("body size: 16 KiB unless a route declares less, refused before it is read", () => {
  it("a Content-Length over the limit is 413 at once, without reading a byte", async () => {
    const { route, seen } = aRoute();
    const { stream, pulled } = chunkedBody(100, 1024);
    const response = await route.POST(request({ body: stream, headers: { "content-length": String(5 * 1024 * 1024) } }));
    await expectError(response, 413, "PAYLOAD_TOO_LARGE");
    expect(pulled()).toBeLessThanOrEqual(1);
    expect(seen).toEqual([]);
  });

  it("a chunked body is counted as it comes: reading stops just past the limit", async () => {
    const { route, seen } = aRoute();
    const { stream, pulled } = chunkedBody(5 * 1024, 1024);
    await expectError(await route.POST(request({ body: stream, headers: { "transfer-encoding": "chunked" } })), 413, "PAYLOAD_TOO_LARGE");
    expect(pulled()).toBeLessThan(DEFAULT_BODY_LIMIT_BYTES / 1024 + 4);
    expect(seen).toEqual([]);
  });

  it("a body just under the limit is read", async () => {
    const { route, seen } = aRoute();
    const note = "n".repeat(DEFAULT_BODY_LIMIT_BYTES - 20);
    expect((await route.POST(request({ body: JSON.stringify({ note }) }))).status).toBe(200);
    expect(seen).toEqual([{ note }]);
  });

  it("a route's smaller limit holds", async () => {
    const { route } = aRoute({ maxBodyBytes: 64 });
    await expectError(await route.POST(request({ body: JSON.stringify({ note: "n".repeat(100) }) })), 413, "PAYLOAD_TOO_LARGE");
  });

  it("a POST without a body schema takes no body, or `{}`, and nothing else", async () => {
    const route = defineRoute({ POST: { handle: async () => jsonNoStore({ ok: true }) } });
    expect((await route.POST(request({ body: "{}" }))).status).toBe(200);
    expect((await route.POST(request())).status).toBe(200);
    await expectError(await route.POST(request({ body: '{"note":"a"}' })), 400, "BAD_USER_INPUT");
    await expectError(await route.POST(request({ body: JSON.stringify({ note: "n".repeat(100) }) })), 413, "PAYLOAD_TOO_LARGE");
  });

  it("a body that stops arriving is refused with 408 instead of holding the request", async () => {
    const stalled = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"no')) });
    await expect(readLimitedText(new Request(APP, { method: "POST", body: stalled, ...streaming }), 1024, 50)).rejects.toMatchObject({
      code: "REQUEST_TIMEOUT",
      status: 408,
    });
  });
});

describe("content type: a body only as application/json", () => {
  it.each([
    ["text/plain", '{"note":"a"}'],
    ["application/x-www-form-urlencoded", "note=a"],
    ["multipart/form-data; boundary=x", "--x--"],
  ])("%s is 415", async (type, body) => {
    const { route, seen } = aRoute();
    await expectError(await route.POST(request({ body, headers: { "content-type": type } })), 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(seen).toEqual([]);
  });

  it("application/json with a charset is JSON", async () => {
    const { route } = aRoute();
    expect((await route.POST(request({ body: '{"note":"a"}', headers: { "content-type": "application/json; charset=utf-8" } }))).status).toBe(200);
  });
});

describe("request bodies are parsed with the route's schema", () => {
  const route = defineRoute({ POST: { body: loginRequestSchema, handle: async (_request, input) => jsonNoStore(input) } });

  it("rejects a body that is not JSON with 400", async () => {
    await expectError(await route.POST(request({ body: "not json" })), 400, "BAD_USER_INPUT");
  });

  it("rejects unknown fields (strict) with 400", async () => {
    const response = await route.POST(request({ body: JSON.stringify({ launchId: "l", code: "c", state: "s", userId: "u" }) }));
    expect(response.status).toBe(400);
  });

  it("rejects a code longer than 128 characters (spec part 8)", async () => {
    const body = await expectError(await route.POST(request({ body: JSON.stringify({ launchId: "l", code: "c".repeat(129), state: "s" }) })), 400, "BAD_USER_INPUT");
    expect(body.error.message).toContain("code");
  });
});

describe("declared rate limits: per client address and per launch, 429 with Retry-After", () => {
  it("a launch past its budget is refused before its body is read; another launch is not", async () => {
    const seen: unknown[] = [];
    const route = defineRoute({
      POST: { body: schema, rateLimit: { byLaunch: "stateByLaunch" }, handle: async (_r, input) => (seen.push(input), jsonNoStore({})) },
    });
    const send = (launch: string) => route.POST(request({ body: '{"note":"a"}', headers: { "x-campus-launch": launch } }));
    for (let i = 0; i < RATE_LIMITS.stateByLaunch.points; i++) expect((await send("launch-busy")).status).toBe(200);
    const refused = await send("launch-busy");
    await expectError(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(seen).toHaveLength(RATE_LIMITS.stateByLaunch.points);
    expect((await send("launch-quiet")).status).toBe(200);
  });
});
