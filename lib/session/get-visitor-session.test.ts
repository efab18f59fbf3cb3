import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { login } from "@/lib/auth/login";
import { issueState } from "@/lib/auth/state";
import { CAMPUS_ORIGIN, sessionCredentialsFor, authDeps, fakeClock, CLIENT_ADDRESS } from "@/lib/testing/fixtures";
import { readSessionCredentials } from "./session-credentials";
import { getVisitorSession } from "./get-visitor-session";
import { MAX_SEALED_HANDLE_LENGTH, sessionCookieName } from "./handle";
import { SESSION_ABSOLUTE_LIFETIME_SECONDS, SESSION_IDLE_TIMEOUT_SECONDS } from "./lifetime";

type Deps = ReturnType<typeof authDeps>;

/** A launch that completed login; `handle` is what its cookie or X-App-Session holds. */
async function signedIn(deps: Deps, launchId: string) {
  const { state, handle } = await issueState({ launchId, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(launchId), deps, CLIENT_ADDRESS);
  const outcome = await login({ launchId, code: "c", state }, sessionCredentialsFor(launchId, { cookie: handle }), deps);
  return outcome.handle;
}

const signInAgain = expect.objectContaining({ code: "INVALID_TOKEN", status: 401 });

describe("resolving the visitor session of an API request", () => {
  it("finds the session from the launch's cookie", async () => {
    const deps = authDeps();
    const cookie = await signedIn(deps, "launch-1");
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie }), deps)).resolves.toMatchObject({ launchId: "launch-1", accessToken: "tok_secret" });
  });

  it("finds the session from X-App-Session in cookieless mode", async () => {
    const deps = authDeps();
    const header = await signedIn(deps, "launch-1");
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { header }), deps)).resolves.toMatchObject({ launchId: "launch-1" });
  });

  it("prefers X-App-Session over the cookie", async () => {
    const deps = authDeps();
    const header = await signedIn(deps, "launch-1");
    const session = await getVisitorSession(sessionCredentialsFor("launch-1", { header, cookie: "Fe26.2*garbage" }), deps);
    expect(session.launchId).toBe("launch-1");
  });

  it("rejects a handle of another launch", async () => {
    const deps = authDeps();
    const otherLaunch = await signedIn(deps, "launch-2");
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { header: otherLaunch }), deps)).rejects.toEqual(signInAgain);
  });

  it("rejects a tampered handle", async () => {
    const deps = authDeps();
    const handle = await signedIn(deps, "launch-1");
    const tampered = handle.replace(/.{8}$/, "AAAAAAAA");
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie: tampered }), deps)).rejects.toEqual(signInAgain);
  });

  it("rejects a request with no session", async () => {
    await expect(getVisitorSession(sessionCredentialsFor("launch-1"), authDeps())).rejects.toMatchObject({ message: "Sign in again" });
  });

  it("rejects a session whose login never completed", async () => {
    const deps = authDeps();
    const { handle } = await issueState({ launchId: "launch-1", campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor("launch-1"), deps, CLIENT_ADDRESS);
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie: handle }), deps)).rejects.toEqual(signInAgain);
  });

  it("spec part 3: a token past its 900 s is gone, and the record loses it", async () => {
    const clock = fakeClock();
    const deps = authDeps({ now: clock.now });
    const cookie = await signedIn(deps, "launch-1");
    const { sid } = await getVisitorSession(sessionCredentialsFor("launch-1", { cookie }), deps);
    // Keep the record alive past the token to see the token dropped, not the record expired.
    const record = await deps.sessions.get(sid);
    if (record) await deps.sessions.set(sid, record, 3600);
    clock.advance(900);
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie }), deps)).rejects.toEqual(signInAgain);
    expect(await deps.sessions.get(sid)).not.toHaveProperty("accessToken");
  });
});

describe("the session's lifetime, enforced on the server", () => {
  /** A renewal every 14 minutes, as the page does before its token's 900 s end (spec part 3). */
  async function renew(deps: Deps, launchId: string, handle: string) {
    const issued = await issueState({ launchId, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(launchId, { cookie: handle }), deps, CLIENT_ADDRESS);
    // The state response sets a new cookie only when the handle names no live session.
    const cookie = issued.handle ?? handle;
    return (await login({ launchId, code: "c", state: issued.state }, sessionCredentialsFor(launchId, { cookie }), deps)).handle;
  }

  it(`ends after ${SESSION_IDLE_TIMEOUT_SECONDS / 60} minutes without a request, though the handle and record were fine before`, async () => {
    const clock = fakeClock();
    const deps = authDeps({ now: clock.now });
    const cookie = await signedIn(deps, "launch-1");
    const { sid } = await getVisitorSession(sessionCredentialsFor("launch-1", { cookie }), deps);
    // Keep the token alive past the idle timeout, to see the idle timeout alone end the session.
    const record = await deps.sessions.get(sid);
    await deps.sessions.set(sid, { ...record!, tokenExpiresAt: clock.now() + 3 * 3600_000 }, 3 * 3600);
    clock.advance(SESSION_IDLE_TIMEOUT_SECONDS - 1);
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie }), deps)).resolves.toMatchObject({ sid });
    clock.advance(SESSION_IDLE_TIMEOUT_SECONDS - 1);
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie }), deps)).resolves.toMatchObject({ sid });
    clock.advance(SESSION_IDLE_TIMEOUT_SECONDS);
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie }), deps)).rejects.toEqual(signInAgain);
    expect(await deps.sessions.get(sid)).toBeUndefined();
  });

  it(`ends ${SESSION_ABSOLUTE_LIFETIME_SECONDS / 3600} h after the member's first login, however often it was renewed`, async () => {
    const clock = fakeClock();
    const deps = authDeps({ now: clock.now });
    let handle = await signedIn(deps, "launch-1");
    for (let elapsed = 0; elapsed + 14 * 60 < SESSION_ABSOLUTE_LIFETIME_SECONDS; elapsed += 14 * 60) {
      clock.advance(14 * 60);
      handle = await renew(deps, "launch-1", handle);
    }
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie: handle }), deps)).resolves.toMatchObject({ launchId: "launch-1" });
    clock.advance(14 * 60);
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { cookie: handle }), deps)).rejects.toEqual(signInAgain);
    // A login past the end starts a new session: nothing of the old one is carried over.
    const fresh = await renew(deps, "launch-1", handle);
    const session = await getVisitorSession(sessionCredentialsFor("launch-1", { cookie: fresh }), deps);
    expect(session.createdAt).toBe(clock.now());
  });
});

describe("reading what a request carries", () => {
  const request = (headers: Record<string, string>) => new NextRequest("http://app.localhost:3000/api/me", { headers });

  it("requires X-Campus-Launch (the CSRF guard)", () => {
    expect(() => readSessionCredentials(request({}))).toThrow(expect.objectContaining({ code: "BAD_USER_INPUT" }));
  });

  it("picks the cookie of the header's launch only", () => {
    const credentials = readSessionCredentials(
      request({
        "x-campus-launch": "launch-1",
        cookie: `${sessionCookieName("launch-2")}=theirs; ${sessionCookieName("launch-1")}=mine`,
      }),
    );
    expect(credentials).toMatchObject({ launchId: "launch-1", cookieHandle: "mine", headerHandle: undefined });
    expect(credentials.sessionCookies.map((cookie) => cookie.value)).toEqual(["theirs", "mine"]);
  });

  it("reads X-App-Session", () => {
    const credentials = readSessionCredentials(request({ "x-campus-launch": "launch-1", "x-app-session": "sealed" }));
    expect(credentials.headerHandle).toBe("sealed");
  });

  it("refuses an X-App-Session longer than any seal, and reads such a cookie as absent, before anything unseals them", () => {
    const oversized = "A".repeat(MAX_SEALED_HANDLE_LENGTH + 1);
    expect(() => readSessionCredentials(request({ "x-campus-launch": "launch-1", "x-app-session": oversized }))).toThrow(
      expect.objectContaining({ code: "BAD_USER_INPUT", status: 400 }),
    );
    const fromCookie = readSessionCredentials(request({ "x-campus-launch": "launch-1", cookie: `${sessionCookieName("launch-1")}=${oversized}` }));
    expect(fromCookie.cookieHandle).toBeUndefined();
    const longest = "A".repeat(MAX_SEALED_HANDLE_LENGTH);
    expect(readSessionCredentials(request({ "x-campus-launch": "launch-1", "x-app-session": longest })).headerHandle).toBe(longest);
  });

  it("names one cookie per launch from a hash of the launch ID", () => {
    expect(sessionCookieName("launch-1")).toMatch(/^__Host-app_session_[0-9a-f]{16}$/);
    expect(sessionCookieName("launch-1")).not.toBe(sessionCookieName("launch-2"));
  });
});
