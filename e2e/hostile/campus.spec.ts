import net from "node:net";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { CAMPUS_API, CAMPUS_ORIGIN, ELSEWHERE_ORIGIN } from "../support/origins";
import { CLIENT_AUTHORIZATION } from "../support/local-env";

// campus/core/policy.ts: the local campus is a dev tool no other site can drive, with the app's body limit.
const FOREIGN_ORIGIN = "http://evil.example";
const CAMPUS_URL = new URL(CAMPUS_API);

async function expectTokenStillWorks(request: APIRequestContext, token: string) {
  const userinfo = await request.get(`${CAMPUS_API}/v1/apps/userinfo`, { headers: { authorization: `Bearer ${token}` } });
  expect(userinfo.status()).toBe(200);
}

async function expectErrorShape(response: APIResponse, status: number, code: string) {
  expect(response.status()).toBe(status);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect((await response.json()).error).toEqual({ code, message: expect.any(String) });
}

/** Raw bytes on a socket: what the Playwright request API cannot send (a Content-Length that lies). */
function sendRaw(bytes: string): Promise<{ answer: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(Number(CAMPUS_URL.port), CAMPUS_URL.hostname, () => socket.write(bytes));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
  });
}

/** Raw bytes on a socket, until the answer so far satisfies `done`; the socket is still open then. */
function sendRawUntil(bytes: string, done: (answer: string) => boolean): Promise<{ answer: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect({ port: Number(CAMPUS_URL.port), host: CAMPUS_URL.hostname, allowHalfOpen: true }, () => socket.write(bytes));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (done(answer)) resolve({ answer, socket });
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`closed before the answer was complete: ${answer}`)));
  });
}

/**
 * A member's login over HTTP, as the campus page and the app's backend make it: a launch, the
 * consent, a code, and its exchange with the app's client credentials. Returns the bearer token.
 */
async function logInOverHttp(request: APIRequestContext, member: string): Promise<string> {
  const headers = { cookie: `campus_member=${member}` };
  const tabId = `hostile-tab-${member}`;
  const { launchId } = await (await request.post(`${CAMPUS_API}/host/launches`, { headers, data: { tabId } })).json();
  const codes = await request.post(`${CAMPUS_API}/host/launches/${launchId}/codes`, { headers, data: { tabId, state: "hostile-state", consent: "approved" } });
  const { code } = await codes.json();
  const token = await request.post(`${CAMPUS_API}/v1/apps/token`, { headers: { authorization: CLIENT_AUTHORIZATION }, data: { code } });
  expect(token.status()).toBe(200);
  return (await token.json()).access_token;
}

test.describe("hostile: the local campus", () => {
  test("refuses other sites' control requests, oversized and lying bodies", async ({ control, request }) => {
    void control;
    const token = await logInOverHttp(request, "ada");
    await expectTokenStillWorks(request, token);

    // A page elsewhere can send this without a preflight: text/plain, its own Origin.
    const crossSite = await request.post(`${CAMPUS_API}/control/consent/revoke`, {
      headers: { "content-type": "text/plain", origin: FOREIGN_ORIGIN, "sec-fetch-site": "cross-site" },
      data: "{}",
    });
    await expectErrorShape(crossSite, 403, "FORBIDDEN");
    await expectTokenStillWorks(request, token);

    const foreignJson = await request.post(`${CAMPUS_API}/control/consent/revoke`, { headers: { origin: FOREIGN_ORIGIN }, data: {} });
    await expectErrorShape(foreignJson, 403, "FORBIDDEN");
    const foreignReset = await request.post(`${CAMPUS_API}/control/reset`, { headers: { origin: FOREIGN_ORIGIN }, data: {} });
    await expectErrorShape(foreignReset, 403, "FORBIDDEN");
    await expectTokenStillWorks(request, token);

    // Reads stay open to the campus's own page and to tests; no GET shows a live token.
    expect((await request.get(`${CAMPUS_API}/control/clock`, { headers: { origin: CAMPUS_ORIGIN } })).status()).toBe(200);
    expect(await (await request.get(`${CAMPUS_API}/control/credentials`)).text()).not.toContain(token);

    const oversized = await request.post(`${CAMPUS_API}/v1/apps/token`, {
      headers: { authorization: "Basic eDp5" },
      data: { code: "x", pad: "a".repeat(20 * 1024) },
    });
    await expectErrorShape(oversized, 413, "BAD_USER_INPUT");

    const head = `POST /v1/apps/token HTTP/1.1\r\nHost: ${CAMPUS_URL.host}\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n`;
    const lying = await sendRaw(`${head}{"code":`);
    expect(lying.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(lying.answer).toContain('"code":"BAD_USER_INPUT"');
    expect(lying.closedAfterMs).toBeLessThan(10_000);

    // Answered before a byte of the body is read: the client has sent none of it and still holds the socket.
    const declaredTooLarge = await sendRawUntil(`${head.replace("4096", "5000000")}{"code":`, (answer) => answer.endsWith("}}"));
    expect(declaredTooLarge.answer).toMatch(/^HTTP\/1\.1 413 /);
    declaredTooLarge.socket.destroy();
    await expectTokenStillWorks(request, token);
  });

  test("answers no other name: a page of a name that resolves to loopback can neither read nor act (DNS rebinding)", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext();
    const page = await context.newPage();
    // Every *.localhost name resolves to loopback, as a rebound name does: the page is same-origin with itself.
    const rebound = `http://rebound.localhost:${CAMPUS_URL.port}`;
    const answer = await page.goto(`${rebound}/?member=grace`);
    expect(answer?.status()).toBe(421);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    expect((await answer?.json()).error.code).toBe("MISDIRECTED_REQUEST");
    const attempts = await page.evaluate(async () => {
      const launch = await fetch("/host/launches", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ tabId: "tab-rebound-1" }) });
      const launches = await fetch("/control/launches");
      const asset = await fetch("/assets/campus.js");
      return [launch.status, launches.status, asset.status];
    });
    expect(attempts).toEqual([421, 421, 421]);
    expect(await control.launches()).toEqual([]);
    // The one page every name is answered: the health check, which the tests frame from another origin.
    expect((await page.goto(`${ELSEWHERE_ORIGIN}/health`))?.status()).toBe(200);
    await context.close();
  });

  test("refuses a page of another site that posts to the campus page's endpoints (403 before the body is read)", async ({ control, browser }) => {
    void control;
    const context = await browser.newContext();
    // The member's own campus cookie (Lax), which a same-site request carries.
    await context.addCookies([{ name: "campus_member", value: "grace", url: CAMPUS_ORIGIN, sameSite: "Lax" }]);
    const page = await context.newPage();
    // Pages of a sibling site (elsewhere.localhost) and of another site (127.0.0.1): the campus
    // serves its health check to both, and the browser sends loopback requests only from loopback pages.
    for (const site of [ELSEWHERE_ORIGIN, CAMPUS_API]) {
      await page.goto(`${site}/health`);
      const refused = page.waitForResponse(`${CAMPUS_ORIGIN}/host/launches`);
      // No preflight for text/plain; the browser adds this page's Origin and Sec-Fetch-Site.
      await page.evaluate(async (campusOrigin) => {
        const body = JSON.stringify({ tabId: "tab-grace-9" });
        await fetch(`${campusOrigin}/host/launches`, { method: "POST", mode: "no-cors", credentials: "include", headers: { "Content-Type": "text/plain" }, body });
      }, CAMPUS_ORIGIN);
      const response = await refused;
      // The page sees an opaque answer and the browser shows the test only its status (the
      // Error shape of the 403 is checked in process: campus/http/guard-browser-writes.test.ts).
      expect(response.status()).toBe(403);
    }
    expect(await control.launches()).toEqual([]);
    await context.close();
  });

  test("after the attacks, the same running campus still serves a login through its page", async ({ control, openCampusAs }) => {
    void control;
    const grace = await openCampusAs("grace");
    await grace.signIn();
    await grace.expectState("signed-in");
  });
});
