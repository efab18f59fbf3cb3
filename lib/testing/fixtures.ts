// Test fixtures: members, launches, clocks, a fake campus and fresh stores, each in one line.
import { expect, vi } from "vitest";
import { createCampusApi, type CampusApi } from "@/lib/campus-api";
import type { Member, Token } from "@/lib/contract";
import { createMemoryRateLimits } from "@/lib/security/rate-limit";
import { buildServerDeps, createMemoryStores, type ServerBase, type ServerDeps } from "@/lib/server/deps";
import type { SessionCredentials } from "@/lib/session/session-credentials";

export const TEST_SECRET = "a-test-session-secret-of-at-least-32-chars";
export const CAMPUS_ORIGIN = "http://campus.localhost:4000";
/** The address a test's requests come from (TEST-NET-3, RFC 5737). */
export const CLIENT_ADDRESS = "203.0.113.7";
export const CAMPUS_API_URL = "http://campus.test";

/**
 * A clock moved by hand, in seconds. Mind the activity entry lease: a guest's access lasts twenty
 * seconds past her last recheck (spec 3), so advancing past it as a guest ends her access and her
 * reads answer `ended`. activity-fixtures.ts's guestClock refuses that jump and renews instead.
 */
export function fakeClock(start = Date.parse("2030-01-01T00:00:00Z")) {
  let time = start;
  return { now: () => time, advance: (seconds: number) => void (time += seconds * 1000) };
}

export function aMember(overrides: Partial<Member> = {}): Member {
  return { userId: "usr_ada", scopes: ["profile:read"], username: "ada", name: "Ada", countryCode: "GB", ...overrides };
}

export function aToken(overrides: Partial<Token> = {}): Token {
  return { access_token: "tok_secret", token_type: "Bearer", expires_in: 900, scopes: ["profile:read"], ...overrides };
}

export function sessionCredentialsFor(launchId: string, handles: { cookie?: string; header?: string } = {}): SessionCredentials {
  return { launchId, cookieHandle: handles.cookie, headerHandle: handles.header, sessionCookies: [] };
}

type FakeRoute = (request: Request) => Response | Promise<Response>;

/** A fetch that answers the campus endpoints from handlers and records every request. */
export function fakeCampusFetch(routes: Record<string, FakeRoute>) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const route = routes[`${request.method} ${new URL(request.url).pathname}`];
    if (!route) return Response.json({ error: { code: "BAD_USER_INPUT", message: "no such route" } }, { status: 400 });
    return route(request);
  };
  return { fetch, requests };
}

/** A campus that exchanges any code for `token` and answers userinfo with `member`. */
export function aCampus(options: { token?: Token; member?: Member; routes?: Record<string, FakeRoute> } = {}) {
  return fakeCampusFetch({
    "POST /v1/apps/token": () => Response.json(options.token ?? aToken()),
    "GET /v1/apps/userinfo": () => Response.json(options.member ?? aMember()),
    ...options.routes,
  });
}

/** A campus that never answers: a request ends only when its deadline aborts it. */
export const hangingCampusFetch: typeof globalThis.fetch = (_input, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));

/**
 * When `work` settles, on vitest's fake timers: still pending one millisecond before `ms`, settled
 * at `ms`. Resolves to what it settled with (its error, if it failed). No wall clock, so a busy
 * machine cannot fail it.
 */
export async function settlesAt<T>(ms: number, work: () => Promise<T>): Promise<T | unknown> {
  vi.useFakeTimers();
  try {
    let settled = false;
    const outcome = work()
      .catch((error: unknown) => error)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(settled, `settled before ${ms} ms`).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled, `still pending at ${ms} ms`).toBe(true);
    return await outcome;
  } finally {
    vi.useRealTimers();
  }
}

export function aCampusApi(fetch: typeof globalThis.fetch): CampusApi {
  return createCampusApi({ baseUrl: CAMPUS_API_URL, clientId: "client", clientSecret: "secret", fetch, timeoutMs: 1_000 });
}

/** The server's dependencies as lib/server/deps.ts wires them, on fresh memory stores and a fake campus. */
export function authDeps(options: { fetch?: typeof globalThis.fetch; now?: () => number } & Partial<ServerBase> = {}): ServerDeps {
  const { fetch, now = Date.now, ...base } = options;
  return buildServerDeps(createMemoryStores({ now }), {
    campus: aCampusApi(fetch ?? aCampus().fetch),
    campusOrigins: [CAMPUS_ORIGIN],
    sessionSecret: TEST_SECRET,
    now,
    rateLimits: createMemoryRateLimits(),
    ...base,
  });
}
