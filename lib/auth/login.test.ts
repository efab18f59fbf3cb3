import { describe, expect, it, vi } from "vitest";
import { getVisitorSession } from "@/lib/session/get-visitor-session";
import { unsealHandle } from "@/lib/session/handle";
import { RENEWAL_GRACE_SECONDS } from "@/lib/session/lifetime";
import { CAMPUS_ORIGIN, TEST_SECRET, aCampus, aToken, sessionCredentialsFor, aMember, authDeps, fakeClock, CLIENT_ADDRESS } from "@/lib/testing/fixtures";
import { login } from "./login";
import { INVALID_STATE, issueState } from "./state";

const LAUNCH = "launch-1";

/** A browser that asked for a state: its cookie (when cookies work) and the state. */
async function startLogin(deps: ReturnType<typeof authDeps>, launchId = LAUNCH) {
  const { state, handle } = await issueState({ launchId, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(launchId), deps, CLIENT_ADDRESS);
  return { state, cookie: handle! };
}

describe("spec 5.3.5: login", () => {
  it("exchanges the code, reads userinfo and opens the session; cookie mode returns no handle", async () => {
    const campus = aCampus({ member: aMember({ username: "ada" }) });
    const deps = authDeps({ fetch: campus.fetch });
    const { state, cookie } = await startLogin(deps);

    const { body, handle } = await login({ launchId: LAUNCH, code: "code-1", state }, sessionCredentialsFor(LAUNCH, { cookie }), deps);

    expect(body.member.username).toBe("ada");
    expect(body).not.toHaveProperty("sessionHandle");
    expect(campus.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      "POST /v1/apps/token",
      "GET /v1/apps/userinfo",
    ]);
    expect(await campus.requests[0]?.json()).toEqual({ code: "code-1" });
    expect(campus.requests[1]?.headers.get("authorization")).toBe("Bearer tok_secret");

    const sealed = await unsealHandle(handle, TEST_SECRET);
    const record = await deps.sessions.get(sealed?.sid ?? "");
    expect(record).toMatchObject({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN, accessToken: "tok_secret", scopes: ["profile:read"] });
  });

  it("never hands the token to the browser", async () => {
    const deps = authDeps();
    const { state, cookie } = await startLogin(deps);
    const { body, handle } = await login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { cookie }), deps);
    expect(JSON.stringify(body)).not.toContain("tok_secret");
    expect(JSON.stringify(await unsealHandle(handle, TEST_SECRET))).not.toContain("tok_secret");
  });

  it("seals the new session's handle while the campus answers, not after", async () => {
    // The campus answers the code only once a seal has been signed (its last WebCrypto step): a
    // login that sealed after its campus calls would get no answer, and fail at the fixture's
    // campus deadline as "campus unavailable".
    let signed = () => {};
    const sealSigned = new Promise<void>((resolve) => (signed = resolve));
    const campus = aCampus({
      routes: {
        "POST /v1/apps/token": async (request) => {
          const deadline = new Promise<never>((_, reject) => request.signal.addEventListener("abort", () => reject(new Error("deadline"))));
          await Promise.race([sealSigned, deadline]);
          return Response.json(aToken());
        },
      },
    });
    const deps = authDeps({ fetch: campus.fetch });
    const { state, cookie } = await startLogin(deps);
    const sign = crypto.subtle.sign.bind(crypto.subtle);
    const spy = vi.spyOn(crypto.subtle, "sign").mockImplementation(async (...args: Parameters<SubtleCrypto["sign"]>) => {
      const signature = await sign(...args);
      signed();
      return signature;
    });
    try {
      const { handle } = await login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { cookie }), deps);
      expect(spy).toHaveBeenCalledOnce();
      expect(await getVisitorSession(sessionCredentialsFor(LAUNCH, { cookie: handle }), deps)).toMatchObject({ launchId: LAUNCH });
    } finally {
      spy.mockRestore();
    }
  });

  it("sets expiresAt and expiresIn from the token lifetime", async () => {
    const clock = fakeClock();
    const deps = authDeps({ now: clock.now });
    const { state, cookie } = await startLogin(deps);
    const { body } = await login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { cookie }), deps);
    expect(Date.parse(body.expiresAt)).toBe(clock.now() + 900_000);
    expect(body.expiresIn).toBe(900);
  });

  it("without a cookie (cookieless mode) accepts the state and returns the session handle", async () => {
    const deps = authDeps();
    const { state } = await startLogin(deps);
    const { body } = await login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH), deps);
    expect(await unsealHandle(body.sessionHandle ?? "", TEST_SECRET)).toMatchObject({ launchId: LAUNCH });
  });

  it("rejects a state issued to another browser (its cookie names another session)", async () => {
    const deps = authDeps();
    const victim = await startLogin(deps);
    const attacker = await startLogin(deps);
    const request = { launchId: LAUNCH, code: "c", state: victim.state };
    await expect(login(request, sessionCredentialsFor(LAUNCH, { cookie: attacker.cookie }), deps)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: INVALID_STATE,
    });
  });

  it("rejects a tampered cookie", async () => {
    const deps = authDeps();
    const { state, cookie } = await startLogin(deps);
    const tampered = `${cookie.slice(0, -4)}AAAA`;
    await expect(login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { cookie: tampered }), deps)).rejects.toMatchObject({
      status: 400,
    });
  });

  it("rejects a used state without calling the campus again", async () => {
    const campus = aCampus();
    const deps = authDeps({ fetch: campus.fetch });
    const { state, cookie } = await startLogin(deps);
    await login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { cookie }), deps);
    await expect(login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { cookie }), deps)).rejects.toMatchObject({ status: 400 });
    expect(campus.requests).toHaveLength(2);
  });

  it("forwards a campus error and never retries the code", async () => {
    const campus = aCampus({
      routes: {
        "POST /v1/apps/token": () =>
          Response.json({ error: { code: "INVALID_TOKEN", message: "The code was already used" } }, { status: 401 }),
      },
    });
    const deps = authDeps({ fetch: campus.fetch });
    const { state, cookie } = await startLogin(deps);
    await expect(login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { cookie }), deps)).rejects.toMatchObject({
      code: "INVALID_TOKEN",
      status: 401,
      message: "The code was already used",
    });
    expect(campus.requests).toHaveLength(1);
  });

  it("a fresh code in the same launch renews the session under a new sid: the call and activity stay with it, the old handle leads there briefly, then is dead", async () => {
    const clock = fakeClock();
    const deps = authDeps({ now: clock.now });
    const first = await startLogin(deps);
    const signedIn = await login({ launchId: LAUNCH, code: "c1", state: first.state }, sessionCredentialsFor(LAUNCH, { cookie: first.cookie }), deps);
    const oldSid = (await unsealHandle(signedIn.handle, TEST_SECRET))?.sid ?? "";
    await deps.callState.setGrant(oldSid, { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
    await deps.activityAccess.set(oldSid, { role: "inviter", userId: "usr_ada", activityId: "act_1", sessionKey: "k" }, 60);
    const created = (await deps.sessions.get(oldSid))?.createdAt;

    const renewal = await issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(LAUNCH, { cookie: signedIn.handle }), deps, CLIENT_ADDRESS);
    const renewed = await login({ launchId: LAUNCH, code: "c2", state: renewal.state }, sessionCredentialsFor(LAUNCH, { cookie: signedIn.handle }), deps);
    const newSid = (await unsealHandle(renewed.handle, TEST_SECRET))?.sid ?? "";

    expect(newSid).not.toBe(oldSid);
    // The old record keeps no token: it only names the new session, for requests already in flight.
    expect(await deps.sessions.get(oldSid)).toEqual(expect.not.objectContaining({ accessToken: expect.anything() }));
    expect((await getVisitorSession(sessionCredentialsFor(LAUNCH, { cookie: signedIn.handle }), deps)).sid).toBe(newSid);
    clock.advance(RENEWAL_GRACE_SECONDS);
    expect(await deps.sessions.get(oldSid)).toBeUndefined();
    await expect(getVisitorSession(sessionCredentialsFor(LAUNCH, { cookie: signedIn.handle }), deps)).rejects.toMatchObject({ status: 401 });
    // The renewed session keeps the bound state where it was: every handle of the session finds the same.
    const { boundSid } = await getVisitorSession(sessionCredentialsFor(LAUNCH, { cookie: renewed.handle }), deps);
    expect(boundSid).toBe(oldSid);
    expect(await deps.callState.getGrant(boundSid)).toMatchObject({ grantId: "grt_1" });
    expect(await deps.activityAccess.get(boundSid)).toMatchObject({ activityId: "act_1" });
    // The absolute lifetime counts from the member's first login, not from the renewal.
    expect((await deps.sessions.get(newSid))?.createdAt).toBe(created);
  });

  it("a new sid even for a first login: the handle the state sealed never becomes a signed-in session", async () => {
    const deps = authDeps();
    const { state, cookie } = await startLogin(deps);
    const { handle } = await login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { cookie }), deps);
    expect((await unsealHandle(handle, TEST_SECRET))?.sid).not.toBe((await unsealHandle(cookie, TEST_SECRET))?.sid);
    await expect(getVisitorSession(sessionCredentialsFor(LAUNCH, { cookie }), deps)).rejects.toMatchObject({ status: 401 });
  });

  it("a renewal's state needs the renewed session's handle at login", async () => {
    const deps = authDeps();
    const first = await startLogin(deps);
    const signedIn = await login({ launchId: LAUNCH, code: "c1", state: first.state }, sessionCredentialsFor(LAUNCH, { cookie: first.cookie }), deps);
    const renewal = await issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(LAUNCH, { cookie: signedIn.handle }), deps, CLIENT_ADDRESS);
    await expect(login({ launchId: LAUNCH, code: "c2", state: renewal.state }, sessionCredentialsFor(LAUNCH), deps)).rejects.toMatchObject({ message: INVALID_STATE });
  });

  it("a cookieless renewal sends its handle in the header and gets a new one", async () => {
    const clock = fakeClock();
    const deps = authDeps({ now: clock.now });
    const first = await startLogin(deps);
    const { body } = await login({ launchId: LAUNCH, code: "c1", state: first.state }, sessionCredentialsFor(LAUNCH), deps);
    const header = body.sessionHandle ?? "";
    const renewal = await issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(LAUNCH, { header }), deps, CLIENT_ADDRESS);
    const renewed = await login({ launchId: LAUNCH, code: "c2", state: renewal.state }, sessionCredentialsFor(LAUNCH, { header }), deps);
    const newHeader = renewed.body.sessionHandle ?? "";
    expect((await unsealHandle(newHeader, TEST_SECRET))?.sid).not.toBe((await unsealHandle(header, TEST_SECRET))?.sid);
    await expect(getVisitorSession(sessionCredentialsFor(LAUNCH, { header: newHeader }), deps)).resolves.toMatchObject({ launchId: LAUNCH });
    clock.advance(RENEWAL_GRACE_SECONDS);
    await expect(getVisitorSession(sessionCredentialsFor(LAUNCH, { header }), deps)).rejects.toMatchObject({ status: 401 });
  });

  it("a different member in the same launch gets a new session, without the previous member's call or activity", async () => {
    let member = aMember({ userId: "usr_ada" });
    const deps = authDeps({ fetch: aCampus({ routes: { "GET /v1/apps/userinfo": () => Response.json(member) } }).fetch });
    const first = await startLogin(deps);
    const one = await login({ launchId: LAUNCH, code: "c1", state: first.state }, sessionCredentialsFor(LAUNCH, { cookie: first.cookie }), deps);
    const oneSid = (await unsealHandle(one.handle, TEST_SECRET))?.sid ?? "";
    await deps.callState.setGrant(oneSid, { grantId: "grt_1", userId: "usr_ada", attachedAt: 0 });
    await deps.activityAccess.set(oneSid, { role: "inviter", userId: "usr_ada", activityId: "act_1", sessionKey: "k" }, 60);
    member = aMember({ userId: "usr_grace", username: "grace" });
    const renewal = await issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(LAUNCH, { cookie: one.handle }), deps, CLIENT_ADDRESS);
    const two = await login({ launchId: LAUNCH, code: "c2", state: renewal.state }, sessionCredentialsFor(LAUNCH, { cookie: one.handle }), deps);
    const twoSid = (await unsealHandle(two.handle, TEST_SECRET))?.sid ?? "";
    expect(twoSid).not.toBe(oneSid);
    expect(await deps.sessions.get(oneSid)).toBeUndefined();
    const { boundSid } = await getVisitorSession(sessionCredentialsFor(LAUNCH, { cookie: two.handle }), deps);
    expect(boundSid).toBe(twoSid);
    for (const sid of [oneSid, twoSid]) {
      expect(await deps.callState.getGrant(sid)).toBeUndefined();
      expect(await deps.activityAccess.get(sid)).toBeUndefined();
    }
  });
});

describe("spec 5.3.5: login binding in cookieless mode", () => {
  it("ignores a session header that no longer unseals, as the state call did", async () => {
    const deps = authDeps();
    const { state } = await startLogin(deps);
    const { body } = await login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { header: "Fe26.2*ended" }), deps);
    expect(body.sessionHandle).toBeDefined();
  });

  it("rejects a session header that names another live session", async () => {
    const deps = authDeps();
    const other = await startLogin(deps);
    const signedIn = await login({ launchId: LAUNCH, code: "c", state: other.state }, sessionCredentialsFor(LAUNCH), deps);
    const { state } = await startLogin(deps);
    await expect(login({ launchId: LAUNCH, code: "c", state }, sessionCredentialsFor(LAUNCH, { header: signedIn.body.sessionHandle }), deps)).rejects.toMatchObject({
      message: INVALID_STATE,
    });
  });
});
