import { NextRequest } from "next/server";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { POST as postLogin } from "@/app/api/auth/login/route";
import { POST as postState } from "@/app/api/auth/state/route";
import { login } from "@/lib/auth/login";
import { createRedisPendingStates } from "@/lib/auth/redis-pending-states";
import { STATE_TTL_SECONDS, issueState } from "@/lib/auth/state";
import { MAX_PENDING_STATES, RATE_LIMITS } from "@/lib/shared/app-limits";
import { createMemoryStores, createRedisStores, getServerStores, type ServerStores } from "@/lib/server/deps";
import { CAMPUS_ORIGIN, sessionCredentialsFor, authDeps, fakeClock, TEST_SECRET } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";

// This process's memory stores and limits, whatever the test run's REDIS_URL.
vi.stubEnv("REDIS_URL", "");

const APP = "http://app.localhost:3000";

const post = (path: string, launchId: string, body: unknown) =>
  new NextRequest(`${APP}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-campus-launch": launchId },
    body: JSON.stringify(body),
  });

describe("bounded unauthenticated work: a flood of login states from one client", () => {
  // The limiter's window comes from the clock, held still here: however long 3,000 requests take
  // on a slow machine, they fall in one window.
  it("3,000 state requests in a minute get 120 states; the rest are 429 with Retry-After, and the store holds no more", { timeout: 120_000 }, async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    onTestFinished(() => void vi.useRealTimers());
    const stored = vi.spyOn(getServerStores().pendingStates, "add");
    const statuses = new Map<number, number>();
    let retryAfter: string | null = null;
    // A new launch each time, so that the per-launch limit is not what stops it: the client's address is.
    for (let i = 0; i < 3_000; i++) {
      const launchId = `flood-launch-${i}`;
      const response = await postState(post("/api/auth/state", launchId, { launchId, campusOrigin: CAMPUS_ORIGIN }));
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: RATE_LIMITS.stateByAddress.points, 429: 3_000 - RATE_LIMITS.stateByAddress.points });
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(stored).toHaveBeenCalledTimes(RATE_LIMITS.stateByAddress.points);
  });

  it("login is limited the same way, per launch before any code is exchanged", async () => {
    const launchId = "login-launch";
    const body = { launchId, code: "c".repeat(20), state: "s".repeat(43) };
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.loginByLaunch.points + 1; i++) statuses.push((await postLogin(post("/api/auth/login", launchId, body))).status);
    // Each allowed one fails on its unknown state (400); the one past the budget never gets that far.
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

/**
 * Many addresses, each within its own budget (an IPv6 /48 is 65,536 /64 buckets), fill the room
 * for anonymous states. A member whose consent dialog opened before the flood still signs in, and
 * a signed-in member still renews; only new anonymous states are refused.
 */
function itOutlastsAStateFlood(stores: (now: () => number) => ServerStores) {
  it("with the room full of flood states, a member's earlier state still completes its login, and a signed-in member still renews", async () => {
    const clock = fakeClock();
    const deps = { ...authDeps({ now: clock.now }), ...stores(clock.now) };
    const startLogin = async (launchId: string, cookie?: string) => {
      const { state, handle } = await issueState({ launchId, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(launchId, { cookie }), deps);
      return { launchId, state, cookie: handle ?? cookie };
    };
    const signIn = ({ launchId, state, cookie }: Awaited<ReturnType<typeof startLogin>>) => login({ launchId, code: "c", state }, sessionCredentialsFor(launchId, { cookie }), deps);
    // Before the flood: Ada's consent dialog is open; Grace is signed in.
    const ada = await startLogin("ada-launch");
    const grace = await signIn(await startLogin("grace-launch"));

    clock.advance(1);
    const flood = (i: number) => ({ sid: `flood-${i}`, renewal: false, launchId: `flood-${i}`, campusOrigin: CAMPUS_ORIGIN, expiresAt: clock.now() + 300_000 });
    for (let start = 0; start < MAX_PENDING_STATES; start += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, i) => deps.pendingStates.add(`state:flood-${start + i}`, flood(start + i), STATE_TTL_SECONDS)));
    }
    // Refused, not evicting: room frees when Ada's state (the oldest) expires.
    await expect(startLogin("flood-more")).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterSeconds: STATE_TTL_SECONDS - 1 });

    await expect(signIn(ada)).resolves.toMatchObject({ body: { member: { userId: "usr_ada" } } });
    const renewal = await startLogin("grace-launch", grace.handle);
    await expect(signIn(renewal)).resolves.toMatchObject({ body: { member: { userId: "usr_ada" } } });
  });
}

describe("bounded unauthenticated work: a flood of login states from many addresses, in memory", () => {
  itOutlastsAStateFlood((now) => createMemoryStores({ now }));
});

describe.skipIf(!REDIS_URL)(`bounded unauthenticated work: a flood of login states from many addresses, on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  // The server's Redis stores, their pending states on the test's clock (the pools' expiry scores).
  itOutlastsAStateFlood((now) => ({ ...createRedisStores(redis(), prefix, TEST_SECRET), pendingStates: createRedisPendingStates(redis(), { prefix, now }) }));
});
