import type { Host } from "./host.ts";
import { findOnPath } from "./host.ts";
import { firstUsable, notFound, type Lookup } from "./lookup.ts";

/** openssl on PATH, else where Debian and macOS (its own LibreSSL), then Homebrew, put it. */
export function resolveOpenssl(host: Host): Lookup {
  const candidates = [findOnPath(host, "openssl"), "/usr/bin/openssl", "/opt/homebrew/bin/openssl", "/usr/local/bin/openssl"];
  return firstUsable(host, candidates).found ?? notFound("no openssl found");
}

/** redis-server on PATH, else where Debian and Homebrew (Apple silicon, then Intel) put it. */
export function resolveRedisServer(host: Host): Lookup {
  const candidates = [findOnPath(host, "redis-server"), "/usr/bin/redis-server", "/opt/homebrew/bin/redis-server", "/usr/local/bin/redis-server"];
  return firstUsable(host, candidates).found ?? notFound("no redis-server found");
}
