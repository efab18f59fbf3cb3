import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import path from "node:path";
import { z } from "zod";

/*
 * WebDriver (classic) shows a test no network traffic, so the WebKit run puts a pass-through in
 * front of each app server: it listens on the slot's app port (the origin the browser and the
 * campus know), forwards every request and answer unchanged, Host header included, and notes
 * what each request to the app's API carried, as Firefox's network events show it. It notes
 * the names of the cookies and whether X-App-Session was present, never their values.
 */

export const recordedRequestSchema = z.strictObject({
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  /** Names of the session cookies the browser sent. */
  sessionCookies: z.array(z.string()),
  /** Whether X-App-Session was sent. */
  sessionHeader: z.boolean(),
  /** X-Campus-Launch: the launch the request names (an ID, no credential). */
  launch: z.string().nullable(),
  /** Names of the session cookies the answer set. */
  setCookies: z.array(z.string()),
});
export type RecordedRequest = z.infer<typeof recordedRequestSchema>;

const TRAFFIC_DIR = path.resolve(import.meta.dirname, "../../server-logs");
const SESSION_COOKIE = /^(__Host-)?app_session_/;

/** The record of the app on `appPort`: one JSON line per answered API request. */
export const trafficLogPath = (appPort: number) => path.join(TRAFFIC_DIR, `app-traffic-${appPort}.jsonl`);

function cookieNames(header: string | undefined): string[] {
  return (header ?? "")
    .split(";")
    .map((pair) => pair.trim().split("=")[0]!)
    .filter((name) => SESSION_COOKIE.test(name));
}

/** Listens on `listenPort` (loopback) and forwards to the app on `targetPort`, recording to trafficLogPath(listenPort). */
export async function startRecordingProxy(listenPort: number, targetPort: number) {
  const log = trafficLogPath(listenPort);
  mkdirSync(TRAFFIC_DIR, { recursive: true });
  writeFileSync(log, "");
  const server = createServer((incoming, outgoing) => {
    const forward = request({ host: "127.0.0.1", port: targetPort, method: incoming.method, path: incoming.url, headers: incoming.headers }, (response) => {
      const url = new URL(incoming.url ?? "/", "http://app");
      if (url.pathname.startsWith("/api/")) {
        const entry: RecordedRequest = {
          method: incoming.method ?? "GET",
          path: url.pathname,
          status: response.statusCode ?? 0,
          sessionCookies: cookieNames(incoming.headers.cookie),
          sessionHeader: incoming.headers["x-app-session"] !== undefined,
          launch: typeof incoming.headers["x-campus-launch"] === "string" ? incoming.headers["x-campus-launch"] : null,
          setCookies: (response.headers["set-cookie"] ?? []).map((cookie) => cookie.split("=")[0]!).filter((name) => SESSION_COOKIE.test(name)),
        };
        appendFileSync(log, `${JSON.stringify(entry)}\n`);
      }
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(outgoing);
    });
    forward.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end("app server unreachable");
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", resolve);
  });
  return {
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
