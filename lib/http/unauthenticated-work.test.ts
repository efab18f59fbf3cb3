import { NextRequest } from "next/server";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { POST as postLogin } from "@/app/api/auth/login/route";
import { POST as postState } from "@/app/api/auth/state/route";
import { login } from "@/lib/auth/login";
import { createRedisPendingStates } from "@/lib/auth/redis-pending-states";
import { STATE_TTL_SECONDS, issueState } from "@/lib/auth/state";
import { MAX_PENDING_STATES, RATE_LIMITS } from "@/lib/shared/app-limits";
import { createMemoryStores, createRedisStores, getServerStores, type ServerStores } from "@/lib/server/deps";
import { addressNetworks } from "@/lib/security/address-networks";
import { CLIENT_ADDRESS_HEADER, clientAddressStamp } from "@/lib/security/client-address";
import { CAMPUS_ORIGIN, sessionCredentialsFor, authDeps, fakeClock, TEST_SECRET } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";

// This process's memory stores and limits, whatever the test run's REDIS_URL.
vi.stubEnv("REDIS_URL", "");

const APP = "http://app.localhost:3000";

const post = (path: string, launchId: string, body: unknown, headers: Record<string, string> = {}) =>
  new NextRequest(`${APP}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-campus-launch": launchId, ...headers },
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

describe("bounded unauthenticated work: a login state counts against the networks of its request", () => {
  it("POST /api/auth/state hands the store the networks of the address the capture wrote", async () => {
    const added = vi.spyOn(getServerStores().pendingStates, "add");
    const launchId = "network-launch";
    const stamp = { [CLIENT_ADDRESS_HEADER]: clientAddressStamp("2001:db8:1:2ab::9", undefined) };
    expect((await postState(post("/api/auth/state", launchId, { launchId, campusOrigin: CAMPUS_ORIGIN }, stamp))).status).toBe(200);
    expect(added).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ launchId }), STATE_TTL_SECONDS, addressNetworks("2001:db8:1:2ab::9"));
  });
});

/** A flood's addresses: IPv6 /64s in one /48 and in /48s of their own, IPv4 addresses in one /24 and in /24s of their own. */
const FLOOD_ADDRESSES = [
  ...Array.from({ length: 12 }, (_, i) => `2001:db8:1:${(i + 1).toString(16)}::1`),
  ...Array.from({ length: 12 }, (_, i) => `2001:db8:${(0x100 + i).toString(16)}::1`),
  ...Array.from({ length: 4 }, (_, i) => `198.51.100.${i + 1}`),
  ...Array.from({ length: 4 }, (_, i) => `198.18.${i}.1`),
];
const FLOOD_PER_ADDRESS_PER_MINUTE = RATE_LIMITS.stateByAddress.points;

/**
 * Many addresses, each at its own budget (120 states a minute, five minutes each: 600 held), fill
 * the room for anonymous states within three minutes and keep it full. A member from any other
 * network gets a state at once, and keeps it while the flood goes on; a signed-in member renews.
 */
function itOutlastsAStateFlood(stores: (now: () => number) => ServerStores) {
  it("with the room kept full by 32 flooding addresses, a member from another network gets a state at once and signs in, and a signed-in member renews", async () => {
    expect(FLOOD_ADDRESSES.length * FLOOD_PER_ADDRESS_PER_MINUTE * 3).toBeGreaterThan(MAX_PENDING_STATES);
    const clock = fakeClock();
    const deps = { ...authDeps({ now: clock.now }), ...stores(clock.now) };
    const startLogin = async (launchId: string, address: string, cookie?: string) => {
      const { state, handle } = await issueState({ launchId, campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor(launchId, { cookie }), deps, address);
      return { launchId, state, cookie: handle ?? cookie };
    };
    const signIn = ({ launchId, state, cookie }: Awaited<ReturnType<typeof startLogin>>) => login({ launchId, code: "c", state }, sessionCredentialsFor(launchId, { cookie }), deps);
    const floodOneMinute = async (minute: number) => {
      const adds = FLOOD_ADDRESSES.flatMap((address) => Array.from({ length: FLOOD_PER_ADDRESS_PER_MINUTE }, (_, i) => ({ address, key: `flood-${minute}-${address}-${i}` })));
      for (let start = 0; start < adds.length; start += 500) {
        await Promise.all(
          adds.slice(start, start + 500).map(({ address, key }) => {
            const pending = { sid: key, renewal: false, launchId: key, campusOrigin: CAMPUS_ORIGIN, expiresAt: clock.now() + STATE_TTL_SECONDS * 1000 };
            return deps.pendingStates.add(`state:${key}`, pending, STATE_TTL_SECONDS, addressNetworks(address));
          }),
        );
      }
      clock.advance(60);
    };
    // Before the flood, Grace signs in.
    const grace = await signIn(await startLogin("grace-launch", "192.0.2.10"));

    for (let minute = 0; minute < 3; minute++) await floodOneMinute(minute);
    // The room is full: the flood's first states, five minutes from their expiry, are gone already.
    expect(await deps.pendingStates.take(`state:flood-0-${FLOOD_ADDRESSES[0]}-0`)).toBeUndefined();
    // Ada opens the app from her school's address: a state at once, and her consent dialog opens.
    const ada = await startLogin("ada-launch", "203.0.113.7");
    await floodOneMinute(3);

    // A minute on, the flood still at full pace: she consents, and signs in.
    await expect(signIn(ada)).resolves.toMatchObject({ body: { member: { userId: "usr_ada" } } });
    // A member at home on IPv6 opens it now, and signs in at once.
    await expect(signIn(await startLogin("bea-launch", "2001:db8:beef:1::7"))).resolves.toMatchObject({ body: { member: { userId: "usr_ada" } } });
    // Grace's session renews.
    const renewal = await startLogin("grace-launch", "192.0.2.10", grace.handle);
    await expect(signIn(renewal)).resolves.toMatchObject({ body: { member: { userId: "usr_ada" } } });
  });
}

describe("bounded unauthenticated work: a flood of login states from many networks, in memory", () => {
  itOutlastsAStateFlood((now) => createMemoryStores({ now }));
});

describe.skipIf(!REDIS_URL)(`bounded unauthenticated work: a flood of login states from many networks, on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  // The server's Redis stores, their pending states on the test's clock (the pools' expiry scores).
  itOutlastsAStateFlood((now) => ({ ...createRedisStores(redis(), prefix, TEST_SECRET), pendingStates: createRedisPendingStates(redis(), { prefix, now }) }));
});
