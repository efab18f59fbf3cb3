import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { LIMITS } from "@/lib/contract";
import { expect, test } from "../support/fixtures";
import { APP_SERVER, CAMPUS_ORIGIN } from "../support/origins";

// Spec 5.7 (embedding) and 4 (Cache-Control on every API response).
test.describe("response headers", () => {
  test("the app page may be framed by the campus only, and loads tiles from it", async ({ request }) => {
    const response = await request.get(`${APP_SERVER}/`);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["x-frame-options"]).toBeUndefined();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toMatch(new RegExp(`frame-ancestors ${CAMPUS_ORIGIN}(;|$)`));
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${CAMPUS_ORIGIN}`));
    expect(csp).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/);
  });

  test("a page with a fresh nonce per request", async ({ request }) => {
    const nonce = async () => (await request.get(`${APP_SERVER}/`)).headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(await nonce()).not.toBe(await nonce());
  });

  test("API errors use the spec's Error shape with Cache-Control: private, no-store", async ({ request }) => {
    for (const [method, path, data] of [
      ["GET", "/api/me", undefined],
      ["POST", "/api/auth/login", { nope: true }],
      ["POST", "/api/auth/state", "not json"],
    ] as const) {
      const response = await request.fetch(`${APP_SERVER}${path}`, { method, data, headers: { "x-campus-launch": "launch-that-does-not-exist" } });
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
      const body = await response.json();
      expect(Object.keys(body)).toEqual(["error"]);
      expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
    }
    const health = await request.get(`${APP_SERVER}/api/health`);
    expect(health.headers()["cache-control"]).toBe("private, no-store");
    // A method the route does not export: Next answers 405 itself, still with no-store.
    const wrongMethod = await request.get(`${APP_SERVER}/api/call/presentation/heartbeat`);
    expect(wrongMethod.status()).toBe(405);
    expect(wrongMethod.headers()["cache-control"]).toBe("private, no-store");
  });

  test("an idle connection outlives the heartbeat's interval, so a page's beats reuse one (npm start's KEEP_ALIVE_TIMEOUT)", async () => {
    // One socket at most, kept as long as the server allows: a second one means the server closed the first.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ answer: IncomingMessage; socket: Socket }>((resolve, reject) => {
        const outgoing = httpRequest(`${APP_SERVER}/api/health`, { agent }, (answer) => {
          const { socket } = answer;
          answer.resume();
          answer.on("end", () => resolve({ answer, socket }));
        });
        outgoing.on("error", reject);
        outgoing.end();
      });
    try {
      const first = await get();
      expect(first.answer.headers["keep-alive"]).toBe("timeout=65");
      // One interval and a second: past Node's own five seconds, which closed it before every beat.
      await new Promise((resolve) => setTimeout(resolve, LIMITS.heartbeatIntervalSeconds * 1000 + 1_000));
      const second = await get();
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});
