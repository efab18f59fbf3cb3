import type { RestEndpoint } from "../core/rest-endpoints";

/** Where a REST call sits in the spec: its endpoint name and its "Details per endpoint" item of part 4. */
export type RestSpecPart = { endpoint: RestEndpoint; section: string };

const ID = "[^/]+";
// Spec part 4, the endpoint table, in the order of its "Details per endpoint" list.
const ROUTES: readonly [method: string, pattern: RegExp, RestEndpoint, section: string][] = [
  ["POST", /^\/v1\/apps\/token$/, "token", "4.1"],
  ["GET", /^\/v1\/apps\/userinfo$/, "userinfo", "4.2"],
  ["GET", /^\/v1\/apps\/calls\/status$/, "status", "4.3"],
  ["POST", /^\/v1\/apps\/calls\/attach$/, "attach", "4.4"],
  ["POST", /^\/v1\/apps\/calls\/start$/, "start", "4.5"],
  ["POST", /^\/v1\/apps\/calls\/accept$/, "accept", "4.6"],
  ["GET", new RegExp(`^/v1/apps/calls/grants/${ID}$`), "grant", "4.7"],
  ["POST", new RegExp(`^/v1/apps/calls/grants/${ID}/commands/${ID}$`), "command", "4.7"],
  ["GET", new RegExp(`^/v1/apps/calls/commands/${ID}$`), "commandRead", "4.8"],
  ["POST", new RegExp(`^/v1/apps/calls/grants/${ID}/presentations$`), "prepare", "4.9"],
  ["POST", new RegExp(`^/v1/apps/calls/presentations/${ID}/tiles$`), "tile", "4.10"],
  ["POST", new RegExp(`^/v1/apps/calls/presentations/${ID}/commit$`), "commit", "4.9"],
  ["POST", new RegExp(`^/v1/apps/calls/presentations/${ID}/heartbeat$`), "heartbeat", "4.9"],
  ["POST", new RegExp(`^/v1/apps/calls/presentations/${ID}/release$`), "release", "4.9"],
  ["POST", /^\/v1\/apps\/calls\/activities$/, "activityRegister", "4.11"],
  ["GET", /^\/v1\/apps\/calls\/activity-entry$/, "activityEntry", "4.13"],
  ["GET", new RegExp(`^/v1/apps/calls/activities/${ID}$`), "activityRead", "4.12"],
];

/** The endpoint and spec section of a REST call, or null for a path the spec does not define. */
export function findRestSpecPart(method: string, path: string): RestSpecPart | null {
  const route = ROUTES.find(([routeMethod, pattern]) => routeMethod === method && pattern.test(path));
  return route ? { endpoint: route[2], section: route[3] } : null;
}
