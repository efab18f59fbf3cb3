// Logs under faults: Redis failing and the campus answering 500 in the middle of a login and of a
// heartbeat. Every line the app writes is captured; none may hold a secret (spec 5.1, and the
// tokens, codes, states and session records that deserve the same).
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { Redis } from "ioredis";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { aMember } from "@/lib/testing/fixtures";
import { freePort } from "@/e2e/support/ports";
import { findRedisServer, startRedisServer, stopServer } from "@/e2e/support/servers";

const REDIS_SERVER = findRedisServer();
const secret = () => randomBytes(32).toString("base64url");

const CLIENT_ID = "log-test-app";
const CLIENT_SECRET = `cs-${secret()}`;
const SESSION_SECRET = `ss-${secret()}`;
const LAUNCH = "launch-logs";
const APP = "http://app.localhost:3000";

/** Everything the app must never log; filled as the campus issues tokens and the app issues states. */
const secrets = new Set<string>([CLIENT_SECRET, SESSION_SECRET, Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")]);

type CampusMode = { token: "ok" | "500"; heartbeat: "ok" | "500"; onToken?: () => Promise<void> };
const mode: CampusMode = { token: "ok", heartbeat: "ok" };

/** The campus endpoints a login and a heartbeat reach, answering as `mode` says; a 500 quotes the bearer token back. */
function startCampus(): Promise<Server> {
  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const failure = { error: { code: "INTERNAL_SERVER_ERROR", message: `failed for ${request.headers.authorization ?? ""}` } };
    const path = request.url ?? "";
    if (path === "/v1/apps/token") {
      await mode.onToken?.();
      if (mode.token === "500") return send(500, failure);
      const token = `tok-${secret()}`;
      secrets.add(token);
      return send(200, { access_token: token, token_type: "Bearer", expires_in: 900, scopes: ["profile:read", "calls:read"] });
    }
    if (path === "/v1/apps/userinfo") return send(200, aMember({ scopes: ["profile:read", "calls:read"] }));
    if (path.endsWith("/heartbeat")) {
      if (mode.heartbeat === "500") return send(500, failure);
      return send(200, { presentationId: "prs_1", status: "active" });
    }
    send(404, { error: { code: "NOT_FOUND", message: "no such route" } });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe.skipIf(!REDIS_SERVER)("logs under Redis and campus faults hold no secret", () => {
  let campus: Server;
  let redisServer: ChildProcess;
  let redis: Redis;
  const lines: string[] = [];

  beforeAll(async () => {
    campus = await startCampus();
    // A port no other server holds, and a server that listens before the first command: a guessed
    // port could be another program's, which then answers the Redis client.
    const port = await freePort();
    redisServer = await startRedisServer(port, "redis-log-secrets");
    redis = new Redis(port, "127.0.0.1", { retryStrategy: (times) => (times > 50 ? null : 100) });
    redis.on("error", () => undefined);
    await redis.ping();
    Object.assign(process.env, {
      CAMPUS_API_URL: `http://127.0.0.1:${(campus.address() as AddressInfo).port}`,
      CAMPUS_CLIENT_ID: CLIENT_ID,
      CAMPUS_CLIENT_SECRET: CLIENT_SECRET,
      SESSION_SECRET,
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    const { log } = await import("@/lib/log");
    log.level = "info";
    // Both ways out: the logger's stream, and console (which code logging whole errors would use).
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    for (const method of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map((arg) => inspect(arg, { depth: 10 })).join(" ")));
    }
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    redis.disconnect();
    await stopServer(redisServer);
    await new Promise((resolve) => campus.close(resolve));
  });

  const post = (path: string, body: unknown, cookie?: string) =>
    new NextRequest(`${APP}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-campus-launch": LAUNCH,
        host: new URL(APP).host,
        origin: APP,
        "sec-fetch-site": "same-origin",
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A state from the app: its cookie and the state, both secrets from now on. */
  async function requestState(cookie?: string) {
    const { POST } = await import("@/app/api/auth/state/route");
    const response = await POST(post("/api/auth/state", { launchId: LAUNCH, campusOrigin: "http://campus.localhost:4000" }, cookie));
    expect(response.status).toBe(200);
    const { state } = await response.json();
    const setCookie = response.headers.getSetCookie()[0]?.split(";")[0];
    secrets.add(state);
    if (setCookie) secrets.add(setCookie.split("=")[1]!);
    return { state: state as string, cookie: setCookie ?? cookie };
  }

  async function logIn(state: string, cookie: string | undefined) {
    const { POST } = await import("@/app/api/auth/login/route");
    const code = `code-${secret()}`;
    secrets.add(code);
    return POST(post("/api/auth/login", { launchId: LAUNCH, code, state }, cookie));
  }

  const outOfMemory = (on: boolean) => redis.config("SET", "maxmemory", on ? "1" : "0");

  it("a login whose campus answers 500, then one whose Redis fails after the code exchange", async () => {
    mode.token = "500";
    const first = await requestState();
    expect((await logIn(first.state, first.cookie)).status).toBe(503);

    mode.token = "ok";
    mode.onToken = () => outOfMemory(true).then(() => undefined);
    const second = await requestState();
    // The session record, with its fresh token, is what the failing SET carries.
    expect((await logIn(second.state, second.cookie)).status).toBe(503);
    mode.onToken = undefined;
    await outOfMemory(false);
  });

  it("a heartbeat whose campus answers 500, then one whose Redis fails as the session is written", async () => {
    const { state, cookie } = await requestState();
    const login = await logIn(state, cookie);
    expect(login.status).toBe(200);
    const sessionCookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    secrets.add(sessionCookie.split("=")[1]!);
    const [key] = await redis.keys("app:session:*");
    const sid = key!.slice("app:session:".length);
    secrets.add(sid);
    await redis.set(
      `app:call:presentation:${sid}`,
      JSON.stringify({ presentationId: "prs_1", userId: aMember().userId, grantId: "grt_1", mode: "video", participationIds: [], preparedAt: 0 }),
    );
    const { heartbeat } = await import("@/pages/api/call/presentation/heartbeat");

    mode.heartbeat = "500";
    expect((await heartbeat(post("/api/call/presentation/heartbeat", undefined, sessionCookie))).status).toBe(503);

    // A request a while later moves the idle clock: a versioned write of the whole record, refused by a Redis out of memory.
    // The record is encrypted at rest: rewritten through a store with the app's secret.
    const { createRedisStores } = await import("@/lib/server/deps");
    const { sessions } = createRedisStores(redis, "app:", SESSION_SECRET);
    const record = (await sessions.get(sid))!;
    await sessions.set(sid, { ...record, lastSeenAt: Date.now() - 120_000 }, 600);
    await outOfMemory(true);
    mode.heartbeat = "ok";
    expect((await heartbeat(post("/api/call/presentation/heartbeat", undefined, sessionCookie))).status).toBe(503);
    await outOfMemory(false);
  });

  it("wrote what an operator needs, and not one secret", () => {
    const text = lines.join("\n");
    expect(text).toContain('"event":"campus.unavailable"');
    expect(text.match(/"event":"api\.unexpected"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain("OOM command not allowed");
    for (const value of secrets) expect(text, "a secret in the logs").not.toContain(value);
    expect(text).not.toMatch(/Bearer|Basic /);
  });
});
