import type { ChildProcess } from "node:child_process";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getActivity } from "@/app/api/activity/route";
import { POST as postEntry } from "@/app/api/activity/entry/route";
import { POST as postState } from "@/app/api/auth/state/route";
import { POST as postAttach } from "@/app/api/call/attach/route";
import { GET as getCommands } from "@/app/api/call/commands/route";
import { GET as getGrant } from "@/app/api/call/grant/route";
import { POST as postCommit } from "@/app/api/call/presentation/commit/route";
import { POST as postRelease } from "@/app/api/call/presentation/release/route";
import { GET as getStatus } from "@/app/api/call/status/route";
import { GET as getHealth } from "@/app/api/health/route";
import { GET as getMe } from "@/app/api/me/route";
import { login } from "@/lib/auth/login";
import { issueState } from "@/lib/auth/state";
import { toErrorAnswer } from "@/lib/http/handle-route";
import { toWebResponse } from "@/lib/http/respond";
import { getRedisClient } from "@/lib/redis/client";
import { getVisitorSession } from "@/lib/session/get-visitor-session";
import { aCampus, aCampusApi, sessionCredentialsFor, CAMPUS_ORIGIN, CLIENT_ADDRESS } from "@/lib/testing/fixtures";
import { UNTIL } from "@/tests/until";
import { freePort } from "@/e2e/support/ports";
import { findRedisServer, startRedisServer, stopServer } from "@/e2e/support/servers";
import { getServerDeps, type ServerDeps } from "./deps";

/*
 * The app's own routes on a redis-server this file starts, pauses (SIGSTOP) and restarts empty:
 * a Redis fault answers 503 in the spec's Error shape, never takes the process down, and the
 * process recovers by itself when Redis does.
 */

const HAS_REDIS_SERVER = findRedisServer() !== undefined;
const APP = "http://app.localhost:3000";
const PREFIX = "faults-test:";

let port = 0;
let server: ChildProcess | undefined;

const request = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  new NextRequest(`${APP}${path}`, {
    method,
    headers: { "x-campus-launch": "launch-1", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const health = () => getHealth(request("GET", "/api/health"));
const newState = () => postState(request("POST", "/api/auth/state", {}, { launchId: "launch-1", campusOrigin: CAMPUS_ORIGIN }));

async function expectErrorShape(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
}

/** The server's own dependencies (its stores on REDIS_URL, its secret), with a fake campus for the sign-in. */
const depsWithFakeCampus = (): ServerDeps => ({ ...getServerDeps(), campus: aCampusApi(aCampus().fetch) });

async function signIn(deps: ServerDeps) {
  const { state, handle } = await issueState({ launchId: "launch-1", campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor("launch-1"), deps, CLIENT_ADDRESS);
  const { handle: sessionHandle } = await login({ launchId: "launch-1", code: "c".repeat(20), state }, sessionCredentialsFor("launch-1", { cookie: handle }), deps);
  return sessionHandle;
}

describe.skipIf(!HAS_REDIS_SERVER)("Redis faults never take the app down", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    port = await freePort();
    server = await startRedisServer(port, `redis-faults-${port}`);
    vi.stubEnv("REDIS_URL", `redis://127.0.0.1:${port}`);
    vi.stubEnv("REDIS_KEY_PREFIX", PREFIX);
  });
  afterAll(async () => {
    if (server?.pid) process.kill(server.pid, "SIGCONT");
    if (server) await stopServer(server);
    vi.unstubAllEnvs();
  });

  it("with Redis paused, a route and the health check answer 503 in the Error shape; both recover when Redis does", async () => {
    await vi.waitFor(async () => expect((await health()).status).toBe(200), UNTIL);
    expect((await newState()).status).toBe(200);

    process.kill(server!.pid!, "SIGSTOP");
    try {
      await expectErrorShape(await newState(), 503, "INTERNAL_SERVER_ERROR");
      await expectErrorShape(await health(), 503, "INTERNAL_SERVER_ERROR");
    } finally {
      process.kill(server!.pid!, "SIGCONT");
    }
    await vi.waitFor(async () => expect((await health()).status).toBe(200), UNTIL);
    expect((await newState()).status).toBe(200);
    // The login states and the rate limits, all under REDIS_KEY_PREFIX.
    const keys = await getRedisClient(`redis://127.0.0.1:${port}`).keys("*");
    expect(keys.some((key) => key.startsWith(`${PREFIX}rate:`))).toBe(true);
    expect(keys.some((key) => key.startsWith(`${PREFIX}login:`))).toBe(true);
    expect(keys.filter((key) => !key.startsWith(PREFIX))).toEqual([]);
  });

  it("with Redis restarted empty, every session route answers 401 in the Error shape and a new sign-in works at once", async () => {
    const deps = depsWithFakeCampus();
    const handle = await signIn(deps);
    await expect(getVisitorSession(sessionCredentialsFor("launch-1", { header: handle }), deps)).resolves.toMatchObject({ launchId: "launch-1" });

    await stopServer(server!);
    // Down: the session cannot be read, which is a retry state (503), not a signed-out visitor (401).
    await expectErrorShape(toWebResponse(toErrorAnswer(await getVisitorSession(sessionCredentialsFor("launch-1", { header: handle }), deps).catch((error: unknown) => error))), 503, "INTERNAL_SERVER_ERROR");
    await expectErrorShape(await health(), 503, "INTERNAL_SERVER_ERROR");

    server = await startRedisServer(port, `redis-faults-${port}`);
    await vi.waitFor(async () => expect((await health()).status).toBe(200), UNTIL);
    const withHandle = { "x-app-session": handle };
    const routes = [
      getMe(request("GET", "/api/me", withHandle)),
      getStatus(request("GET", "/api/call/status", withHandle)),
      getGrant(request("GET", "/api/call/grant", withHandle)),
      getCommands(request("GET", "/api/call/commands", withHandle)),
      postAttach(request("POST", "/api/call/attach", withHandle)),
      postCommit(request("POST", "/api/call/presentation/commit", withHandle)),
      postRelease(request("POST", "/api/call/presentation/release", withHandle)),
      getActivity(request("GET", "/api/activity", withHandle)),
      postEntry(request("POST", "/api/activity/entry", withHandle)),
    ];
    for (const response of await Promise.all(routes)) await expectErrorShape(response, 401, "INVALID_TOKEN");

    const again = await signIn(deps);
    const session = await getVisitorSession(sessionCredentialsFor("launch-1", { header: again }), deps);
    expect(session).toMatchObject({ launchId: "launch-1" });

    // Every key under REDIS_KEY_PREFIX; the session's record holds no token in plain text.
    const redis = getRedisClient(`redis://127.0.0.1:${port}`);
    const keys = await redis.keys("*");
    expect(keys).toContain(`${PREFIX}session:${session.sid}`);
    expect(keys.filter((key) => !key.startsWith(PREFIX))).toEqual([]);
    expect(await redis.get(`${PREFIX}session:${session.sid}`)).not.toContain(session.accessToken);
  });
});
