import { existsSync, readFileSync } from "node:fs";
import { APP_ORIGIN } from "../../e2e/support/origins";
import { recordedRequestSchema, trafficLogPath, type RecordedRequest } from "./recording-proxy";

const log = trafficLogPath(Number(new URL(APP_ORIGIN).port));

function recorded(): RecordedRequest[] {
  if (!existsSync(log)) throw new Error(`No record of the app's traffic at ${log}: the WebKit run's global setup writes it`);
  return readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => recordedRequestSchema.parse(JSON.parse(line)));
}

/**
 * The requests this worker's browsers sent to the app's API from now on, as the recording
 * pass-through in front of the app saw them (recording-proxy.ts): the Firefox run's
 * recordAppRequests, from the server's side of the wire. A worker runs one test at a time, so
 * every request after the mark is this test's.
 */
export function recordAppRequests() {
  const mark = recorded().length;
  const since = () => recorded().slice(mark);
  return {
    all: since,
    /** Requests the app has answered to this path. */
    answered: (path: string) => since().filter((request) => request.path === path),
    /** The launch of each login the app was sent (X-Campus-Launch names it). */
    loginLaunches: () => since().filter((request) => request.path === "/api/auth/login").map((request) => request.launch),
  };
}

export type AppTraffic = ReturnType<typeof recordAppRequests>;
