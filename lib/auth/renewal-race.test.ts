import { describe, expect, it, vi } from "vitest";
import { attachSessionToCall } from "@/lib/calls/attach";
import { COMMAND_RETRY, sendCommand } from "@/lib/calls/send-command";
import { getSessionGrantId } from "@/lib/calls/with-call";
import { getVisitorSession } from "@/lib/session/get-visitor-session";
import { unsealHandle } from "@/lib/session/handle";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { SessionRecord } from "@/lib/session/records";
import type { VersionedStore } from "@/lib/store/ttl-store";
import { createMemoryStores, createRedisStores, type ServerDeps, type ServerStores } from "@/lib/server/deps";
import { CALL_SCOPES } from "@/lib/testing/call-fixtures";
import { CAMPUS_ORIGIN, TEST_SECRET, aCampus, sessionCredentialsFor, aMember, aToken, authDeps, CLIENT_ADDRESS } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { checkAccess } from "./check-access";
import { login } from "./login";
import type { PendingStateStore } from "./pending-states";
import { logout } from "./logout";
import { INVALID_STATE, issueState } from "./state";
import { UNTIL } from "@/tests/until";

const LAUNCH = "launch-1";
const ATTACH = "POST /v1/apps/calls/attach";
const ACTION = "POST /v1/apps/calls/grants/grt_1/commands/action";

type FakeRoute = (request: Request) => Response | Promise<Response>;

/**
 * A launch signed in with tok_1 (with the call scopes), and a renewal login with tok_2 to run at
 * will (spec part 3: a fresh code every 15 minutes). A userinfo call on tok_1 can be held: a
 * request in flight while the renewal logs in.
 */
async function aSignedInLaunch(stores: () => ServerStores, options: { routes?: Record<string, FakeRoute>; wrap?: (deps: ServerDeps) => ServerDeps } = {}) {
  let tokens = 0;
  let held: { answer: () => Response; gate: Promise<void>; arrived: () => void } | undefined;
  let release: () => void = () => undefined;
  const campus = aCampus({
    routes: {
      "POST /v1/apps/token": () => Response.json(aToken({ access_token: `tok_${++tokens}`, scopes: CALL_SCOPES })),
      "GET /v1/apps/userinfo": async (request) => {
        const hold = request.headers.get("authorization") === "Bearer tok_1" ? held : undefined;
        if (!hold) return Response.json(aMember({ scopes: CALL_SCOPES }));
        held = undefined;
        hold.arrived();
        await hold.gate;
        return hold.answer();
      },
      [ATTACH]: () => Response.json({ grantId: "grt_1", status: "approval" }),
      ...options.routes,
    },
  });
  const built = { ...authDeps({ fetch: campus.fetch, sleep: async () => undefined, random: () => 0.5 }), ...stores() };
  const deps = options.wrap ? options.wrap(built) : built;
  const first = await issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(LAUNCH), deps, CLIENT_ADDRESS);
  const signedIn = await login({ launchId: LAUNCH, code: "c1", state: first.state }, sessionCredentialsFor(LAUNCH, { cookie: first.handle }), deps);
  const oldCredentials = sessionCredentialsFor(LAUNCH, { cookie: signedIn.handle });
  const oldSid = (await unsealHandle(signedIn.handle, deps.sessionSecret))?.sid ?? "";

  const renew = async (): Promise<SessionCredentials> => {
    const renewal = await issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, oldCredentials, deps, CLIENT_ADDRESS);
    const renewed = await login({ launchId: LAUNCH, code: "c2", state: renewal.state }, oldCredentials, deps);
    return sessionCredentialsFor(LAUNCH, { cookie: renewed.handle });
  };

  /**
   * Runs `request` with the old handle: once it read the session and reached userinfo, it is held
   * there while the renewal logs in, then answered with `answer`.
   */
  const acrossARenewal = async (request: () => Promise<unknown>, answer = () => Response.json(aMember({ scopes: CALL_SCOPES }))) => {
    let arrived: () => void = () => undefined;
    const reachedUserinfo = new Promise<void>((resolve) => (arrived = resolve));
    held = { answer, gate: new Promise<void>((resolve) => (release = resolve)), arrived };
    const inFlight = request().catch((error: unknown) => error);
    await reachedUserinfo;
    const renewedCredentials = await renew();
    release();
    return { renewedCredentials, outcome: await inFlight };
  };

  return { deps, oldSid, oldCredentials, renew, acrossARenewal };
}

/**
 * The session store as a request racing the login sees it: once the login consumed its state,
 * right after each of the next `times` reads of `sid`, another request writes that record (an
 * idle-clock touch) and keeps what it wrote, token and all, to write it back later.
 */
function racingTheLogin(deps: ServerDeps, times: number) {
  const race = { sid: "", left: 0, written: undefined as SessionRecord | undefined };
  const { sessions, pendingStates } = deps;
  const racingSessions: VersionedStore<SessionRecord> = {
    ...sessions,
    async get(key) {
      const value = await sessions.get(key);
      if (key === race.sid && value && race.left > 0) {
        race.left--;
        const touched = { ...value, lastSeenAt: value.lastSeenAt + 1 };
        if (await sessions.replace(key, touched, 600)) race.written = { ...touched, version: touched.version + 1 };
      }
      return value;
    },
  };
  const arming: PendingStateStore = {
    ...pendingStates,
    async take(key) {
      race.left = times;
      return pendingStates.take(key);
    },
  };
  return { deps: { ...deps, sessions: racingSessions, pendingStates: arming }, race };
}

function itKeepsTheRenewal(stores: () => ServerStores) {
  it("a slow request that read the old session never writes it back over the renewal", async () => {
    const launch = await aSignedInLaunch(stores);
    const { renewedCredentials } = await launch.acrossARenewal(() => checkAccess(launch.oldCredentials, launch.deps), () => Response.json(aMember({ name: "Ada L." })));
    // The old record only names the renewed session (a grace for requests in flight): no token came back.
    expect(await launch.deps.sessions.get(launch.oldSid)).toEqual(expect.not.objectContaining({ accessToken: expect.anything() }));
    await expect(getVisitorSession(renewedCredentials, launch.deps)).resolves.toMatchObject({ accessToken: "tok_2" });
  });

  it("a 401 on the old token does not end the renewed session", async () => {
    const launch = await aSignedInLaunch(stores);
    const expired = () => Response.json({ error: { code: "INVALID_TOKEN", message: "expired" } }, { status: 401 });
    const { renewedCredentials } = await launch.acrossARenewal(() => checkAccess(launch.oldCredentials, launch.deps), expired);
    await expect(getVisitorSession(renewedCredentials, launch.deps)).resolves.toMatchObject({ accessToken: "tok_2" });
  });

  it("an attach in flight across the renewal keeps its grant: the renewed session finds it", async () => {
    const launch = await aSignedInLaunch(stores);
    const { renewedCredentials, outcome } = await launch.acrossARenewal(() => attachSessionToCall(launch.oldCredentials, launch.deps));
    expect(outcome).toEqual({ status: "approval" });
    const renewed = await getVisitorSession(renewedCredentials, launch.deps);
    expect(await getSessionGrantId(renewed, launch.deps.callState)).toBe("grt_1");
  });

  it("a command lost in transit across the renewal keeps its clientId: the next click reuses it", async () => {
    const clientIds: string[] = [];
    const launch = await aSignedInLaunch(stores, {
      routes: {
        [ACTION]: async (request) => {
          clientIds.push(((await request.json()) as { clientId: string }).clientId);
          if (clientIds.length <= COMMAND_RETRY.maxAttempts) throw new TypeError("socket hang up");
          return Response.json({ commandId: "cmd_1" });
        },
        "GET /v1/apps/calls/commands/cmd_1": () => Response.json({ commandId: "cmd_1", status: "applied" }),
      },
    });
    await attachSessionToCall(launch.oldCredentials, launch.deps);
    const mute = { kind: "action", action: "mute" } as const;
    const { renewedCredentials, outcome } = await launch.acrossARenewal(() => sendCommand(launch.oldCredentials, mute, launch.deps));
    expect(outcome).toMatchObject({ status: 503 });
    await expect(sendCommand(renewedCredentials, mute, launch.deps)).resolves.toMatchObject({ status: "applied" });
    expect(clientIds).toHaveLength(COMMAND_RETRY.maxAttempts + 1);
    expect(new Set(clientIds).size).toBe(1);
  });

  it("signing out with the old handle during the grace ends the renewed session and its call state too", async () => {
    const launch = await aSignedInLaunch(stores);
    await attachSessionToCall(launch.oldCredentials, launch.deps);
    const renewedCredentials = await launch.renew();
    const renewed = await getVisitorSession(renewedCredentials, launch.deps);
    await logout(launch.oldCredentials, launch.deps);
    await expect(getVisitorSession(renewedCredentials, launch.deps)).rejects.toMatchObject({ code: "INVALID_TOKEN" });
    await expect(getVisitorSession(launch.oldCredentials, launch.deps)).rejects.toMatchObject({ code: "INVALID_TOKEN" });
    expect(await getSessionGrantId(renewed, launch.deps.callState)).toBeUndefined();
  });

  it("one session renews into one: a second renewal of the same session is refused, the first stands", async () => {
    const launch = await aSignedInLaunch(stores);
    const states = await Promise.all([0, 1].map(() => issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, launch.oldCredentials, launch.deps, CLIENT_ADDRESS)));
    const first = await login({ launchId: LAUNCH, code: "c2", state: states[0]!.state }, launch.oldCredentials, launch.deps);
    await expect(login({ launchId: LAUNCH, code: "c3", state: states[1]!.state }, launch.oldCredentials, launch.deps)).rejects.toMatchObject({
      message: INVALID_STATE,
    });
    await expect(getVisitorSession(sessionCredentialsFor(LAUNCH, { cookie: first.handle }), launch.deps)).resolves.toMatchObject({ accessToken: "tok_2" });
  });

  it("signing out while a renewal logs in: the renewal does not bring the session back", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let exchanges = 0;
    const launch = await aSignedInLaunch(stores, {
      routes: {
        "POST /v1/apps/token": async () => {
          if (++exchanges === 2) await gate;
          return Response.json(aToken({ access_token: `tok_${exchanges}`, scopes: CALL_SCOPES }));
        },
      },
    });
    await attachSessionToCall(launch.oldCredentials, launch.deps);
    const renewing = launch.renew().catch((error: unknown) => error);
    await vi.waitFor(() => expect(exchanges).toBe(2), UNTIL);
    await logout(launch.oldCredentials, launch.deps);
    release();
    expect(await renewing).toMatchObject({ message: INVALID_STATE });
    await expect(getVisitorSession(launch.oldCredentials, launch.deps)).rejects.toMatchObject({ code: "INVALID_TOKEN" });
    expect(await launch.deps.callState.getGrant(launch.oldSid)).toBeUndefined();
  });

  it("a renewal that lands while signing out releases the presentation: the renewed session ends too", async () => {
    let reachedSignOut: () => void = () => undefined;
    let release: () => void = () => undefined;
    const signingOut = new Promise<void>((resolve) => (reachedSignOut = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const launch = await aSignedInLaunch(stores, {
      wrap: (deps) => ({
        ...deps,
        beforeSignOut: async (boundSid, record) => {
          reachedSignOut();
          await gate;
          await deps.beforeSignOut(boundSid, record);
        },
      }),
    });
    await attachSessionToCall(launch.oldCredentials, launch.deps);
    const loggingOut = logout(launch.oldCredentials, launch.deps);
    await signingOut;
    const renewedCredentials = await launch.renew();
    const renewed = await getVisitorSession(renewedCredentials, launch.deps);
    release();
    await loggingOut;
    await expect(getVisitorSession(renewedCredentials, launch.deps)).rejects.toMatchObject({ code: "INVALID_TOKEN" });
    await expect(getVisitorSession(launch.oldCredentials, launch.deps)).rejects.toMatchObject({ code: "INVALID_TOKEN" });
    expect(await launch.deps.sessions.get(renewed.sid)).toBeUndefined();
    expect(await getSessionGrantId(renewed, launch.deps.callState)).toBeUndefined();
  });

  it("the pointer is a compare-and-set: a write that lands after the login read the old record cannot revive it", async () => {
    let race: ReturnType<typeof racingTheLogin>["race"] | undefined;
    const launch = await aSignedInLaunch(stores, {
      wrap: (deps) => {
        const racing = racingTheLogin(deps, 2);
        race = racing.race;
        return racing.deps;
      },
    });
    race!.sid = launch.oldSid;
    const renewedCredentials = await launch.renew();
    // The racing request writes back the record it wrote last, old token and all.
    expect(race!.written).toBeDefined();
    await launch.deps.sessions.replace(launch.oldSid, race!.written!, 600);
    expect(await launch.deps.sessions.get(launch.oldSid)).toEqual(expect.objectContaining({ renewedTo: expect.any(String) }));
    expect(await launch.deps.sessions.get(launch.oldSid)).toEqual(expect.not.objectContaining({ accessToken: expect.anything() }));
    await expect(getVisitorSession(launch.oldCredentials, launch.deps)).resolves.toMatchObject({ accessToken: "tok_2" });
    await expect(getVisitorSession(renewedCredentials, launch.deps)).resolves.toMatchObject({ accessToken: "tok_2" });
  });
}

describe("no lost renewal: a slow request interleaved with a login, in memory", () => {
  itKeepsTheRenewal(() => createMemoryStores());
});

describe.skipIf(!REDIS_URL)(`no lost renewal: a slow request interleaved with a login, on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  let runs = 0;
  itKeepsTheRenewal(() => createRedisStores(redis(), `${prefix}${++runs}:`, TEST_SECRET));
});
