import { Agent } from "node:http";
import { DEFAULT_BODY_LIMIT_BYTES, RATE_LIMITS } from "@/lib/shared/app-limits";
import { expect, test } from "../support/fixtures";
import { APP_SERVER, CAMPUS_ORIGIN } from "../support/origins";
import { sendOnSocket, sendRaw } from "../support/raw-http";

/*
 * The attacks of the hostile-input threat model (docs/security.md), against the production build
 * over HTTP: every refusal in the spec's Error shape with no-store, and the app still serving a
 * normal login afterwards.
 */

const LAUNCH = "hostile-launch";
const json = { "content-type": "application/json", "x-campus-launch": LAUNCH };
const stateBody = { launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN };

type Answer = { status(): number; headers(): Record<string, string>; json(): Promise<unknown> };

async function expectRefusal(response: Answer, status: number, code: string) {
  expect(response.status()).toBe(status);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
}

test.describe("hostile input: every API route refuses it before reading a body or a session", () => {
  test("an oversized body is 413 on its Content-Length", async ({ request }) => {
    const data = Buffer.alloc(5 * 1024 * 1024, "a");
    await expectRefusal(await request.post(`${APP_SERVER}/api/auth/state`, { headers: json, data }), 413, "PAYLOAD_TOO_LARGE");
    await expectRefusal(await request.post(`${APP_SERVER}/api/activity/vote`, { headers: json, data }), 413, "PAYLOAD_TOO_LARGE");
  });

  test("a chunked body is counted as it streams: 413 past the limit", async () => {
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, "a"));
    const answer = await sendRaw(`${APP_SERVER}/api/call/commands`, { headers: { ...json, "transfer-encoding": "chunked" }, chunks });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
  });

  test("a route that takes no body refuses one however it is framed: declared or chunked, 400", async ({ request }) => {
    const heartbeat = `${APP_SERVER}/api/call/presentation/heartbeat`;
    const named = JSON.stringify({ presentationId: "prs_1" });
    await expectRefusal(await request.post(heartbeat, { headers: json, data: named }), 400, "BAD_USER_INPUT");
    // A connection of its own: not one a refused chunked upload of another test left behind.
    const chunked = await sendRaw(heartbeat, { headers: { ...json, "transfer-encoding": "chunked" }, chunks: [Buffer.from(named)], agent: new Agent() });
    expect(chunked.status).toBe(400);
    expect(JSON.parse(chunked.body)).toMatchObject({ error: { code: "BAD_USER_INPUT" } });
  });

  test("a Content-Length longer than the body does not hold the socket: 408", async () => {
    const { port, hostname } = new URL(APP_SERVER);
    const head = `POST /api/call/start HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nX-Campus-Launch: ${LAUNCH}\r\nContent-Length: ${DEFAULT_BODY_LIMIT_BYTES - 1}\r\n\r\n{"rec`;
    const answer = await sendOnSocket(hostname, Number(port), head, 20_000);
    expect(answer?.statusLine).toBe("HTTP/1.1 408 Request Timeout");
  });

  test("text/plain and form bodies are 415: a cross-site form cannot post here", async ({ request }) => {
    for (const [type, data] of [
      ["text/plain", JSON.stringify(stateBody)],
      ["application/x-www-form-urlencoded", "launchId=hostile-launch"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--"],
    ] as const) {
      const response = await request.post(`${APP_SERVER}/api/auth/state`, { headers: { "x-campus-launch": LAUNCH, "content-type": type }, data });
      await expectRefusal(response, 415, "UNSUPPORTED_MEDIA_TYPE");
    }
  });

  test("a foreign Origin, or Sec-Fetch-Site: cross-site, is 403", async ({ request }) => {
    const post = (headers: Record<string, string>) => request.post(`${APP_SERVER}/api/auth/logout`, { headers: { ...json, ...headers } });
    await expectRefusal(await post({ origin: "https://evil.example" }), 403, "FORBIDDEN");
    await expectRefusal(await post({ origin: "null" }), 403, "FORBIDDEN");
    await expectRefusal(await post({ origin: APP_SERVER, "sec-fetch-site": "cross-site" }), 403, "FORBIDDEN");
  });

  test("a wrong method is 405 with Allow, in the Error shape", async ({ request }) => {
    const heartbeat = await request.get(`${APP_SERVER}/api/call/presentation/heartbeat`, { headers: json });
    await expectRefusal(heartbeat, 405, "METHOD_NOT_ALLOWED");
    expect(heartbeat.headers()["allow"]).toBe("POST");
    const me = await request.fetch(`${APP_SERVER}/api/me`, { method: "DELETE", headers: json });
    await expectRefusal(me, 405, "METHOD_NOT_ALLOWED");
    expect(me.headers()["allow"]).toBe("GET");
    const commands = await request.fetch(`${APP_SERVER}/api/call/commands`, { method: "PUT", headers: json, data: {} });
    expect(commands.headers()["allow"]).toBe("GET, POST");
  });

  test("an unknown /api path is 404 and does not echo the path", async ({ request }) => {
    const probe = "/api/<script>alert(1)</script>/secret-probe";
    const response = await request.get(`${APP_SERVER}${probe}`);
    await expectRefusal(response, 404, "NOT_FOUND");
    const text = JSON.stringify(await response.json());
    expect(text).not.toContain("secret-probe");
    expect(text).not.toContain("script");
  });

  test("X-Content-Type-Options: nosniff on pages, API answers, Next's own answers and static files; a Referrer-Policy on pages", async ({ request }) => {
    const page = await request.get(`${APP_SERVER}/`);
    expect(page.headers()["x-content-type-options"]).toBe("nosniff");
    expect(page.headers()["referrer-policy"]).toBe("no-referrer");
    const script = (await page.text()).match(/\/_next\/static\/[^"]+\.js/)?.[0];
    expect(script).toBeDefined();
    for (const path of [script!, "/api/health", "/a-page-that-does-not-exist", "/icon.svg"]) {
      expect((await request.get(`${APP_SERVER}${path}`)).headers()["x-content-type-options"], path).toBe("nosniff");
    }
    // A method Next routes to no handler: Next answers it itself.
    const propfind = await request.fetch(`${APP_SERVER}/api/me`, { method: "PROPFIND" });
    expect(propfind.headers()["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("hostile input: bounded unauthenticated work", () => {
  test("a flood of 3,000 login states from one address gets its budget, the rest 429; a normal login still works", async ({ control, openCampusAs }) => {
    test.setTimeout(240_000);
    void control;
    // The flood comes from a second loopback address: the member's browser is another client.
    const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_BATCH });
    let retryAfter: string | undefined;
    const send = async (i: number) => {
      const launchId = `flood-${i}`;
      const answer = await sendRaw(`${APP_SERVER}/api/auth/state`, {
        headers: { "content-type": "application/json", "x-campus-launch": launchId, "x-forwarded-for": `198.51.100.${i % 250}` },
        chunks: [Buffer.from(JSON.stringify({ launchId, campusOrigin: CAMPUS_ORIGIN }))],
        localAddress: "127.0.0.2",
        agent,
      });
      if (answer.status === 429) retryAfter ??= String(answer.headers["retry-after"]);
      return answer.status;
    };
    const batches: number[][] = [];
    for (let batch = 0; batch < 3_000; batch += FLOOD_BATCH) batches.push(await Promise.all(Array.from({ length: FLOOD_BATCH }, (_, i) => send(batch + i))));
    agent.destroy();

    // A forged X-Forwarded-For buys nothing: without a trusted proxy the socket's address counts,
    // and that address gets its budget once per window of the limiter.
    const { points } = RATE_LIMITS.stateByAddress;
    const all = batches.flat();
    const accepted = all.filter((status) => status === 200).length;
    expect(all.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(accepted).toBeLessThanOrEqual(points * limiterWindows(batches));
    expect(all.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(RATE_LIMITS.stateByAddress.durationSeconds);

    const campus = await openCampusAs("ada");
    // The app asks for a state as soon as it loads; on a busy machine that can take a while.
    await expect(campus.consentDialog).toBeVisible();
    await campus.signIn();
  });
});

/** Requests of the flood in flight at once: fewer than a window's budget (see limiterWindows). */
const FLOOD_BATCH = 25;

/**
 * The limiter's windows a flood spanned, read from its answers rather than from a clock: a slow
 * machine may take longer than one window to send 3,000 requests. Once a batch met a 429 the
 * window's budget was spent, so a 200 in any later batch means a new window began. Batches run
 * one after another and hold fewer requests than the budget, so no window begins and ends unseen.
 */
function limiterWindows(batches: number[][]): number {
  let windows = 1;
  let spent = false;
  for (const batch of batches) {
    if (spent && batch.includes(200)) {
      windows += 1;
      spent = false;
    }
    if (batch.includes(429)) spent = true;
  }
  return windows;
}
