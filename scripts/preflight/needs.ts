import { resolveChromium } from "./chromium.ts";
import { resolveFirefox } from "./firefox.ts";
import type { Host } from "./host.ts";
import type { Lookup } from "./lookup.ts";
import { resolveOpenssl, resolveRedisServer } from "./redis.ts";
import { resolveWebKit, type WebKitFound } from "./webkit.ts";

/** The browser engines a stage of `npm test` may need, which `--only` can leave out. */
export const ENGINES = ["chromium", "firefox", "webkit"] as const;
export type Engine = (typeof ENGINES)[number];

/**
 * What a stage needs installed: an engine, the Redis server the unit tests and the shared-store run
 * start, or openssl, which makes the certificates of the unit tests' TLS-only Redis.
 */
export type Need = Engine | "redis-server" | "openssl";
export const NEEDS: Need[] = [...ENGINES, "redis-server", "openssl"];

/** Finds what `need` names, as the harness that uses it will: the headless Chromium for the Chromium runs. */
export function lookUp(host: Host, need: Need): Lookup | WebKitFound {
  switch (need) {
    case "chromium":
      return resolveChromium(host, "headless-shell");
    case "firefox":
      return resolveFirefox(host);
    case "webkit":
      return resolveWebKit(host);
    case "redis-server":
      return resolveRedisServer(host);
    case "openssl":
      return resolveOpenssl(host);
  }
}

export function isEngine(name: string): name is Engine {
  return (ENGINES as readonly string[]).includes(name);
}
