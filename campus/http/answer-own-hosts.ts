import { createMiddleware } from "hono/factory";
import { CampusError } from "../core/errors";
import { ANY_HOST_PATH, LOOPBACK_HOST_NAMES, WILDCARD_LISTEN_HOSTS } from "../core/policy";
import type { CampusEnv } from "./hono-env";

/** Where the campus server listens: its port, and the addresses of CAMPUS_HOST (or loopback). */
export type CampusListen = { port: number; hosts: readonly string[] };

/** `host` and `port` as a request URL's host reads them: lower case, IPv6 in brackets, no default port. */
function toUrlHost(host: string, port: number): string {
  const name = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).host;
}

/**
 * policy.ts: the names the campus answers to: the host of its origin, and the loopback names and
 * the address it listens on (not a wildcard such as 0.0.0.0), on the port it listens on.
 */
export function listOwnHosts(origin: string, listen: CampusListen): Set<string> {
  const addresses = listen.hosts.filter((host) => !WILDCARD_LISTEN_HOSTS.includes(host));
  return new Set([new URL(origin).host, ...[...LOOPBACK_HOST_NAMES, ...addresses].map((host) => toUrlHost(host, listen.port))]);
}

/**
 * DNS rebinding: a page of a name its owner points at 127.0.0.1 is same-origin with itself, so it
 * could read and drive the campus with the member cookie it sets itself. Its browser still sends
 * that name as `Host` (which the request URL is built from), so any other name is 421 before a
 * route runs or a body is read. Only the health check answers every name: it reads and changes
 * nothing, and a frame of another origin that the end-to-end tests need is that page.
 */
export function answerOwnHostsOnly(ownHosts: ReadonlySet<string>) {
  const names = [...ownHosts].join(", ");
  return createMiddleware<CampusEnv>(async (c, next) => {
    if (c.req.path === ANY_HOST_PATH && (c.req.method === "GET" || c.req.method === "HEAD")) return next();
    if (!ownHosts.has(new URL(c.req.url).host)) {
      throw new CampusError("MISDIRECTED_REQUEST", 421, `The campus answers only to its own names (${names})`, { Connection: "close" });
    }
    await next();
  });
}
