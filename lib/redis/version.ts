import "server-only";

/**
 * The oldest Redis with every command the stores use: GETDEL (6.2) for single-use login states,
 * besides SET PX, HSET, PEXPIRE, MULTI and EVAL with cjson. An older server would fail on the
 * first login; it is refused when the app connects instead, with this message.
 */
export const MIN_REDIS_VERSION = [6, 2, 0] as const;

/**
 * The server's own answer shows it cannot serve the stores: too old, or no version at all. Only
 * this refuses a server; a check that fails or times out says nothing about the server and is retried.
 */
export class RedisVersionError extends Error {
  override name = "RedisVersionError";
}

/** Reads `redis_version` from INFO server and throws RedisVersionError, naming both versions, when it is older than MIN_REDIS_VERSION. */
export async function assertRedisVersion(redis: { info(section: "server"): Promise<string> }): Promise<string> {
  const info = await redis.info("server");
  const version = /^redis_version:(\S+)/m.exec(info)?.[1];
  const parts = version?.split(".").map((part) => Number.parseInt(part, 10));
  if (!version || !parts || parts.some(Number.isNaN)) {
    throw new RedisVersionError("REDIS_URL: the server did not report a redis_version in INFO server; this app needs Redis 6.2 or newer");
  }
  if (isOlder(parts, MIN_REDIS_VERSION)) {
    throw new RedisVersionError(`REDIS_URL: the server runs Redis ${version}; this app needs ${MIN_REDIS_VERSION.join(".")} or newer (GETDEL)`);
  }
  return version;
}

function isOlder(version: number[], minimum: readonly number[]): boolean {
  for (let index = 0; index < minimum.length; index++) {
    const part = version[index] ?? 0;
    if (part !== minimum[index]) return part < minimum[index]!;
  }
  return false;
}
