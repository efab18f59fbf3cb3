import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { unsealHandle } from "@/lib/session/handle";
import { CAMPUS_ORIGIN, TEST_SECRET, sessionCredentialsFor, authDeps, fakeClock, CLIENT_ADDRESS } from "@/lib/testing/fixtures";
import { login } from "./login";
import { INVALID_STATE, STATE_TTL_SECONDS, consumeState, issueState } from "./state";

const issue = (deps: ReturnType<typeof authDeps>, launchId = "launch-1", handles = {}) =>
  issueState({ launchId, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(launchId, handles), deps, CLIENT_ADDRESS);

const invalidState = expect.objectContaining({ code: "BAD_USER_INPUT", status: 400, message: INVALID_STATE });

describe("spec 5.3.3: the login state", () => {
  it("is at least 128 random bits, base64url, and new every time", async () => {
    const deps = authDeps();
    const { state } = await issue(deps);
    expect(state).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(state, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    expect((await issue(deps)).state).not.toBe(state);
  });

  it("is stored only as a hash", async () => {
    const deps = authDeps();
    const { state } = await issue(deps);
    expect(await deps.pendingStates.take(state)).toBeUndefined();
    expect(await deps.pendingStates.take(`state:${state}`)).toBeUndefined();
    await expect(consumeState(state, "launch-1", deps)).resolves.toMatchObject({ launchId: "launch-1" });
  });

  it("is consumed once: a second use fails", async () => {
    const deps = authDeps();
    const { state } = await issue(deps);
    await expect(consumeState(state, "launch-1", deps)).resolves.toMatchObject({ launchId: "launch-1", campusOrigin: CAMPUS_ORIGIN });
    await expect(consumeState(state, "launch-1", deps)).rejects.toEqual(invalidState);
  });

  it("expires after five minutes", async () => {
    const clock = fakeClock();
    const deps = authDeps({ now: clock.now });
    const { state } = await issue(deps);
    clock.advance(STATE_TTL_SECONDS);
    await expect(consumeState(state, "launch-1", deps)).rejects.toEqual(invalidState);
  });

  it("belongs to its launch: another launch cannot use it, and the try burns it", async () => {
    const deps = authDeps();
    const { state } = await issue(deps, "launch-1");
    await expect(consumeState(state, "launch-2", deps)).rejects.toEqual(invalidState);
    await expect(consumeState(state, "launch-1", deps)).rejects.toEqual(invalidState);
  });

  it("an unknown state fails like a used one", async () => {
    await expect(consumeState("made-up", "launch-1", authDeps())).rejects.toBeInstanceOf(AppError);
  });

  it("two launches logging in at once keep their own states and sessions", async () => {
    const deps = authDeps();
    const one = await issue(deps, "launch-1");
    const two = await issue(deps, "launch-2");
    const pendingTwo = await consumeState(two.state, "launch-2", deps);
    const pendingOne = await consumeState(one.state, "launch-1", deps);
    expect(pendingOne.sid).not.toBe(pendingTwo.sid);
    expect(await unsealHandle(one.handle!, TEST_SECRET)).toEqual({ sid: pendingOne.sid, launchId: "launch-1" });
    expect(await unsealHandle(two.handle!, TEST_SECRET)).toEqual({ sid: pendingTwo.sid, launchId: "launch-2" });
  });

  it("a live session's renewal names that session and seals no handle: nothing extends a session without a login", async () => {
    const deps = authDeps();
    const first = await issue(deps);
    const signedIn = await login({ launchId: "launch-1", code: "c", state: first.state }, sessionCredentialsFor("launch-1", { cookie: first.handle }), deps);
    const renewal = await issue(deps, "launch-1", { cookie: signedIn.handle });
    expect(renewal.handle).toBeUndefined();
    const pending = await consumeState(renewal.state, "launch-1", deps);
    expect(pending).toMatchObject({ sid: (await unsealHandle(signedIn.handle, TEST_SECRET))?.sid, renewal: true });
  });

  it("a handle that names no live session gets a fresh ID, never its own sid re-sealed", async () => {
    const deps = authDeps();
    const first = await issue(deps);
    const again = await issue(deps, "launch-1", { cookie: first.handle });
    const [a, b] = await Promise.all([unsealHandle(first.handle!, TEST_SECRET), unsealHandle(again.handle!, TEST_SECRET)]);
    expect(b?.sid).not.toBe(a?.sid);
    expect(await consumeState(again.state, "launch-1", deps)).toMatchObject({ sid: b?.sid, renewal: false });
  });

  it("a handle of another launch does not carry its session over", async () => {
    const deps = authDeps();
    const other = await issue(deps, "launch-2");
    const mine = await issue(deps, "launch-1", { header: other.handle });
    const [a, b] = await Promise.all([unsealHandle(mine.handle!, TEST_SECRET), unsealHandle(other.handle!, TEST_SECRET)]);
    expect(a?.sid).not.toBe(b?.sid);
  });

  it("accepts only a trusted campus origin", async () => {
    const request = { launchId: "launch-1", campusOrigin: "https://evil.example" };
    await expect(issueState(request, sessionCredentialsFor("launch-1"), authDeps(), CLIENT_ADDRESS)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("requires the X-Campus-Launch header to name the same launch", async () => {
    const request = { launchId: "launch-1", campusOrigin: CAMPUS_ORIGIN };
    await expect(issueState(request, sessionCredentialsFor("launch-2"), authDeps(), CLIENT_ADDRESS)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });
});
