// Validates the environment once, when the server starts, so a bad variable stops it with a clear message.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/env");
    const { REDIS_URL } = getEnv();
    if (REDIS_URL) {
      // A Redis too old for the stores' commands stops the start too, rather than the first login.
      const { getRedisClient } = await import("./lib/session/redis-client");
      const { assertRedisVersion } = await import("./lib/session/redis-version");
      await assertRedisVersion(getRedisClient(REDIS_URL));
    }
  }
}
