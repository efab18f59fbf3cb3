import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { freePort } from "../../e2e/support/ports";
import { serverLogPath, startServer, stopServer } from "../../e2e/support/servers";
import { INSPECTOR_ON_SIGNAL } from "./load/full-collection";
import { markName } from "../../lib/client/timing/timing-marks";
import { measureFirstLoadJs, measureFirstLoadWire } from "./first-load-js";

/** The packages of the baseline, at the versions the project's lockfile holds. */
const BASELINE_PACKAGES = ["next", "react", "react-dom", "tailwindcss", "@tailwindcss/postcss", "typescript", "@types/react", "@types/node"];

/** The throwaway project reports nothing to Next's telemetry: a measuring run is nobody's usage. */
const NO_TELEMETRY = { NEXT_TELEMETRY_DISABLED: "1" };

/** The empty Pages API route, the framework's ceiling for a request that does nothing (load/visitor.ts EMPTY_ROUTE_VISITORS). */
export const EMPTY_ROUTE_PATH = "/api/empty";

/**
 * The same empty route with the one campus call a heartbeat makes (load/visitor.ts
 * CAMPUS_CALL_VISITORS): it heartbeats the presentation the visitor names (PRESENTATION_HEADER)
 * with the token the visitor sends, at the campus (CAMPUS_API_URL) over a kept-alive node:http
 * agent, as the app's campus transport does, and answers the campus's answer as it came.
 */
export const CAMPUS_CALL_ROUTE_PATH = "/api/heartbeat";
/** The header a floor visitor names its presentation in (its token goes in Authorization). */
export const PRESENTATION_HEADER = "x-presentation-id";

/**
 * The floor of the first view: the page the campus frames instead of the app's (bench "login").
 * It is served with the app's own Content-Security-Policy and a fresh script nonce, as the app's
 * pages are (FLOOR_PROXY).
 */
export const FLOOR_PAGE_PATH = "/floor";
/** The same floor page without a Content-Security-Policy: what the nonce costs the first view (information). */
export const FLOOR_WITHOUT_POLICY_PATH = "/floor-without-policy";
/** The empty App Router route the floor page asks twice, where the app asks for a state and signs in. */
const FLOOR_ROUTE_PATH = "/api/floor";

/**
 * The least a hosted app can do on its way to a first view, in the same framework: the two
 * message round trips with the campus (spec 5.3: `ready`, then `authenticate` v2) and two requests
 * to its own backend (an empty route standing for the state and for the login), then one element,
 * the one the bench waits for. It checks the replies' origin and source as the app does, and
 * verifies nothing else.
 *
 * Signed in, it shows the floor of a command: a button that posts to the empty route and renders
 * the answer. It marks the app's steps of both (lib/client/timing/timing-marks.ts), so the bench
 * sets each step beside the floor's. The campus it answers to is its URL's `campus` parameter
 * (the bench frames it in a second campus), or the standard one.
 */
const FLOOR_PAGE = `"use client";
import { useEffect, useState } from "react";

const mark = (step: string) => performance.mark(${JSON.stringify(markName(""))} + step);

function ask(campusOrigin: string, method: string, params: object): Promise<Record<string, string>> {
  const id = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== campusOrigin || event.source !== window.parent || event.data?.id !== id || !event.data.result) return;
      window.removeEventListener("message", onMessage);
      resolve(event.data.result);
    };
    window.addEventListener("message", onMessage);
    window.parent.postMessage({ protocol: "campus.hosted-app", version: 2, id, method, params }, campusOrigin);
  });
}

const backend = () => fetch(${JSON.stringify(FLOOR_ROUTE_PATH)}, { method: "POST" }).then((response) => response.json());

export default function Floor() {
  const [signedIn, setSignedIn] = useState(false);
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    mark("hydrated");
    const campusOrigin = new URLSearchParams(location.search).get("campus") ?? ${JSON.stringify(CAMPUS_ORIGIN)};
    void (async () => {
      mark("ready sent");
      const { launchId } = await ask(campusOrigin, "ready", {});
      mark("launch received");
      await backend();
      mark("state answered");
      await ask(campusOrigin, "authenticate", { launchId, state: Math.random().toString(36).slice(2) });
      mark("code received");
      await backend();
      mark("login answered");
      setSignedIn(true);
    })();
  }, []);
  useEffect(() => {
    if (signedIn) mark("view rendered");
  }, [signedIn]);
  useEffect(() => {
    if (answers > 0) mark("rendered");
  }, [answers]);
  const command = async () => {
    mark("click");
    mark("request sent");
    await backend();
    mark("answered");
    setAnswers((count) => count + 1);
  };
  if (!signedIn) return null;
  return (
    <div data-testid="app-status" data-state="signed-in">
      Signed in
      <button type="button" data-testid="floor-command" onClick={() => void command()}>Send</button>
      <output data-testid="floor-answers">{answers}</output>
    </div>
  );
}
`;

/**
 * The floor page renders per request, as the app's pages must (app/layout.tsx: the CSP nonce of
 * proxy.ts). A prerendered page runs its scripts after the document is parsed, so its load event
 * waits for its hydration; a page rendered per request is streamed and hydrates after its load
 * event, as the app does. Only the same kind of page starts the two clocks at the same point.
 */
const FLOOR_LAYOUT = `import { connection } from "next/server";
export default async function FloorLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return children;
}
`;

/**
 * The floor page gets the policy proxy.ts gives the app's pages, built by the app's own
 * lib/security/csp.ts (copied in as floor-csp.ts): the same directives and a fresh nonce per
 * response, which Next puts on the page's scripts. A nonce that changes at every load keeps the
 * browser from reusing the compiled code of the scripts that carry it, so a floor without one
 * would leave that cost to the app alone (docs/performance.md). Its frames come from the standard
 * campus and from the one in its URL's `campus` parameter (the command's floor, bench "call-view").
 */
const FLOOR_PROXY = `import { NextResponse, type NextRequest } from "next/server";
import { buildContentSecurityPolicy, createNonce } from "./floor-csp";

function originOf(url: string | null): string[] {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
}

export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const campusOrigins = [${JSON.stringify(CAMPUS_ORIGIN)}, ...originOf(request.nextUrl.searchParams.get("campus"))];
  const policy = buildContentSecurityPolicy({ nonce, campusOrigins, isDevelopment: false });
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = { matcher: [${JSON.stringify(FLOOR_PAGE_PATH)}] };
`;

const CAMPUS_CALL_ROUTE = `import http from "node:http";
import type { NextApiRequest, NextApiResponse } from "next";
const agent = new http.Agent({ keepAlive: true, timeout: 4000 });
export default function handler(request: NextApiRequest, response: NextApiResponse) {
  const presentationId = encodeURIComponent(String(request.headers[${JSON.stringify(PRESENTATION_HEADER)}]));
  const url = \`\${process.env.CAMPUS_API_URL}/v1/apps/calls/presentations/\${presentationId}/heartbeat\`;
  http
    .request(url, { method: "POST", agent, headers: { authorization: String(request.headers.authorization) } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => response.status(answer.statusCode ?? 502).setHeader("content-type", "application/json").end(Buffer.concat(chunks)));
    })
    .on("error", () => response.status(503).json({}))
    .end();
}
// The request has no body, as the app's heartbeat has none (pages/api/call/presentation/heartbeat.ts).
export const config = { api: { bodyParser: false } };
`;

/** The empty app's files: one page with Tailwind (first-load JS), the floor page and its empty route (first view), two Pages API routes (capacity). */
const SOURCES: Record<string, string> = {
  "postcss.config.mjs": `export default { plugins: { "@tailwindcss/postcss": {} } };\n`,
  "app/globals.css": `@import "tailwindcss";\n`,
  "app/layout.tsx": `import "./globals.css";\nexport default function Layout({ children }: { children: React.ReactNode }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n`,
  "app/page.tsx": `export default function Page() {\n  return <main className="p-4">Empty</main>;\n}\n`,
  [`pages${EMPTY_ROUTE_PATH}.ts`]: `import type { NextApiRequest, NextApiResponse } from "next";\nexport default function handler(_request: NextApiRequest, response: NextApiResponse) {\n  response.status(200).json({});\n}\n`,
  [`pages${CAMPUS_CALL_ROUTE_PATH}.ts`]: CAMPUS_CALL_ROUTE,
  [`app${FLOOR_PAGE_PATH}/layout.tsx`]: FLOOR_LAYOUT,
  [`app${FLOOR_PAGE_PATH}/page.tsx`]: FLOOR_PAGE,
  [`app${FLOOR_WITHOUT_POLICY_PATH}/layout.tsx`]: FLOOR_LAYOUT,
  [`app${FLOOR_WITHOUT_POLICY_PATH}/page.tsx`]: `export { default } from "..${FLOOR_PAGE_PATH}/page";\n`,
  "proxy.ts": FLOOR_PROXY,
  "floor-csp.ts": readFileSync(path.join(import.meta.dirname, "../../lib/security/csp.ts"), "utf8"),
  [`app${FLOOR_ROUTE_PATH}/route.ts`]: `export function POST() {\n  return Response.json({});\n}\n`,
  "next.config.mjs": `export default { turbopack: { root: import.meta.dirname } };\n`,
};

/**
 * An empty Next.js app with Tailwind, built (again when its files change) and started: the
 * baseline of first-load JS and of capacity. It is a project of its own, with its own
 * node_modules (the project's versions, installed once): inside this project's tree Next takes
 * this project's root, and with it its proxy.ts and instrumentation.ts, into the build.
 */
export async function withEmptyNext<T>(
  root: string,
  part: (server: { url: string; port: number; pid: number; log: string }) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const dir = path.join(root, "bench-results", "empty-next");
  const stamp = path.join(dir, ".sources-digest");
  const digest = createHash("sha256").update(JSON.stringify(SOURCES)).digest("hex");
  const built = existsSync(path.join(dir, ".next", "BUILD_ID")) && existsSync(stamp) && readFileSync(stamp, "utf8") === digest;
  if (!built) {
    // A route or page the sources no longer name must not be built on.
    for (const tree of ["app", "pages"]) rmSync(path.join(dir, tree), { recursive: true, force: true });
    for (const [file, text] of Object.entries(SOURCES)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    rmSync(path.join(dir, ".next"), { recursive: true, force: true });
  }
  if (!existsSync(path.join(dir, "node_modules", "next"))) {
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { version: string }> };
    const dependencies = Object.fromEntries(BASELINE_PACKAGES.map((name) => [name, lock.packages[`node_modules/${name}`]!.version]));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module", dependencies }, null, 2));
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir });
  }
  if (!built) {
    await run("npx", ["next", "build"], { cwd: dir });
    writeFileSync(stamp, digest);
  }
  const port = await freePort();
  // Idle connections kept as long as the app's own server keeps them (scripts/start.mjs).
  const server = await startServer("npx", ["next", "start", "--port", String(port), "--keepAliveTimeout", "65000"], {
    ready: `http://127.0.0.1:${port}/`,
    name: "empty-next",
    cwd: dir,
    env: { ...NO_TELEMETRY, ...INSPECTOR_ON_SIGNAL, ...env },
  });
  try {
    return await part({ url: `http://127.0.0.1:${port}`, port, pid: server.pid!, log: serverLogPath("empty-next") });
  } finally {
    await stopServer(server);
  }
}

/** First-load JS of the empty page, and its first load's bytes on the wire as `next start` sends them. */
export function measureEmptyNextPage(root: string) {
  return withEmptyNext(root, async ({ url }) => ({ js: await measureFirstLoadJs(url), wire: await measureFirstLoadWire(url) }));
}

/** Runs a command to completion, its output on the bench's; rejects on a non-zero exit. */
function run(command: string, args: string[], options: { cwd: string }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options, env: { ...process.env, ...NO_TELEMETRY } });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}
