import type { Host } from "./host.ts";
import { findOnPath } from "./host.ts";
import { firstUsable, notFound, type Lookup } from "./lookup.ts";

/** redis-server on PATH, else where Debian and Homebrew (Apple silicon, then Intel) put it. */
export function resolveRedisServer(host: Host): Lookup {
  const candidates = [findOnPath(host, "redis-server"), "/usr/bin/redis-server", "/opt/homebrew/bin/redis-server", "/usr/local/bin/redis-server"];
  return firstUsable(host, candidates).found ?? notFound("no redis-server found");
}
