import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { POST as postLogin } from "@/app/api/auth/login/route";
import { POST as postState } from "@/app/api/auth/state/route";
import { MAX_PENDING_STATES, RATE_LIMITS } from "@/lib/security/limits";
import { createMemoryStore } from "@/lib/session/ttl-store";
import { getServerStores } from "@/lib/server/deps";

// This process's memory stores and limits, whatever the test run's REDIS_URL.
vi.stubEnv("REDIS_URL", "");

const APP = "http://app.localhost:3000";
const CAMPUS_ORIGIN = "http://campus.localhost:4000";

const post = (path: string, launchId: string, body: unknown) =>
  new NextRequest(`${APP}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-campus-launch": launchId },
    body: JSON.stringify(body),
  });

describe("bounded unauthenticated work: a flood of login states from one client", () => {
  it("3,000 state requests in a minute get 120 states; the rest are 429 with Retry-After, and the store holds no more", async () => {
    const stored = vi.spyOn(getServerStores().pendingStates, "set");
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

describe("the memory store of login states is bounded", () => {
  it("past its size, the oldest state goes", async () => {
    const store = createMemoryStore<number>({ maxEntries: 3 });
    for (const key of ["a", "b", "c", "d"]) await store.set(key, 1, 300);
    expect(await store.get("a")).toBeUndefined();
    expect(await store.get("d")).toBe(1);
  });

  it("the app's own store holds at most MAX_PENDING_STATES", async () => {
    const store = getServerStores().pendingStates;
    const state = { sid: "sid", launchId: "launch", campusOrigin: CAMPUS_ORIGIN, renewal: false, expiresAt: Date.now() + 300_000 };
    for (let i = 0; i <= MAX_PENDING_STATES; i++) await store.set(`state:cap-${i}`, state, 300);
    expect(await store.get("state:cap-0")).toBeUndefined();
    expect(await store.get(`state:cap-${MAX_PENDING_STATES}`)).toEqual(state);
  });
});
