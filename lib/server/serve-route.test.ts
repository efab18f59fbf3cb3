import { readdirSync } from "node:fs";
import type { NextRequest } from "next/server";
import { join, relative } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { sessionCookieName } from "@/lib/session/handle";
import { declaredRouteHandler } from "@/lib/server/serve-route";
import { wireRequest } from "@/lib/testing/wire-request";
import * as activityRoutes from "@/lib/wire/activity-routes";
import * as authRoutes from "@/lib/wire/auth-routes";
import * as callRoutes from "@/lib/wire/call-routes";
import { API_METHODS, declareRoute, type DeclaredRoute } from "@/lib/wire/declare-route";
import * as presentationRoutes from "@/lib/wire/presentation-routes";

// This process's memory stores, whatever the test run's REDIS_URL.
vi.stubEnv("REDIS_URL", "");

const APP = "http://app.localhost:3000";
const LAUNCH = "launch-serve-route";

const isDeclaredRoute = (value: unknown): value is DeclaredRoute =>
  typeof value === "object" && value !== null && typeof (value as { path?: unknown }).path === "string" && API_METHODS.some((method) => method in value);
const DECLARED = [activityRoutes, authRoutes, callRoutes, presentationRoutes].flatMap((exports) => Object.values(exports).filter(isDeclaredRoute));

/** The route files of the App Router's API, as paths (the catch-all 404 is no route of its own). */
function appRouteFilePaths(dir = join(process.cwd(), "app/api")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("[") ? [] : appRouteFilePaths(path);
    return entry.name === "route.ts" ? [`/${relative(join(process.cwd(), "app"), dir)}`] : [];
  });
}

/** The one handler a declared path is served by: its App Router file, or the heartbeat's Pages file. */
async function servedHandler(path: string): Promise<(request: NextRequest) => Promise<Response>> {
  if (path === presentationRoutes.presentationHeartbeatRoute.path) return (await import("@/pages/api/call/presentation/heartbeat")).heartbeat;
  const routeModule = (await import(`@/app${path}/route`)) as Record<string, (request: NextRequest) => Promise<Response>>;
  return routeModule.PUT!;
}

describe("each API route is declared once, in lib/wire/*-routes.ts", () => {
  it("every route file of the App Router has a declaration, and every declaration but the heartbeat a route file", () => {
    const declared = DECLARED.map((route) => route.path).filter((path) => path !== presentationRoutes.presentationHeartbeatRoute.path);
    expect(new Set(declared).size).toBe(declared.length);
    expect(appRouteFilePaths().sort()).toEqual([...declared].sort());
  });

  it.each(DECLARED.map((route) => [route.path, route] as const))("%s answers exactly its declared methods (405 + Allow otherwise)", async (path, route) => {
    const handler = await servedHandler(path);
    const response = await handler(wireRequest(`${APP}${path}`, { method: "PUT", headers: { "x-campus-launch": LAUNCH } }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(API_METHODS.filter((method) => method in route).join(", "));
  });
});

describe("the wrapper hands each handler its input, session credentials and dependencies", () => {
  const echoRoute = declareRoute({
    path: "/api/test/echo",
    GET: { response: z.object({ launchId: z.string(), hasDeps: z.boolean() }) },
    POST: { body: z.strictObject({ note: z.string() }), response: z.object({ note: z.string() }) },
  });
  const handler = declaredRouteHandler(echoRoute, {
    GET: async ({ credentials, deps }) => ({ launchId: credentials.launchId, hasDeps: typeof deps.campus.getMember === "function" }),
    POST: async ({ input, sessionCookie }) => {
      sessionCookie.set("sealed-handle");
      return { note: input.note };
    },
  });

  it("the launch header's credentials and the server's dependencies, answered as JSON with no-store", async () => {
    const response = await handler(wireRequest(`${APP}/api/test/echo`, { headers: { "x-campus-launch": LAUNCH } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ launchId: LAUNCH, hasDeps: true });
  });

  it("the parsed body, and the session cookie the handler sets, on this launch's name", async () => {
    const response = await handler(
      wireRequest(`${APP}/api/test/echo`, { method: "POST", headers: { "x-campus-launch": LAUNCH, "content-type": "application/json" }, body: '{"note":"hi"}' }),
    );
    expect(await response.json()).toEqual({ note: "hi" });
    expect(response.headers.getSetCookie().join()).toContain(`${sessionCookieName(LAUNCH)}=sealed-handle`);
  });

  it("without X-Campus-Launch: 400 in the Error shape, and the handler never runs", async () => {
    const response = await handler(wireRequest(`${APP}/api/test/echo`));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "BAD_USER_INPUT", message: "Send the X-Campus-Launch header with the launch ID" } });
  });

  it("a route declared without a launch (health) reads no session: its handler gets only its input", async () => {
    const seen: object[] = [];
    const open = declaredRouteHandler(declareRoute({ path: "/api/test/open", launch: false, GET: { response: z.object({ ok: z.literal(true) }) } }), {
      GET: async (context) => {
        seen.push(context);
        return { ok: true } as const;
      },
    });
    const response = await open(wireRequest(`${APP}/api/test/open`));
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ input: undefined }]);
  });
});
