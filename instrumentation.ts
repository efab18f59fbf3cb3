// Validates the environment once, when the server starts, so a bad variable stops it with a clear message.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/env");
    const env = getEnv();
    // Rate limits key on the client's address, which route handlers cannot see without this.
    const { captureClientAddresses, parseTrustedProxies } = await import("./lib/security/client-address");
    captureClientAddresses(env.TRUSTED_PROXY.length ? parseTrustedProxies(env.TRUSTED_PROXY) : undefined);
    if (env.REDIS_URL) {
      // A Redis too old for the stores' commands stops the start too, rather than the first login.
      const { getRedisClient } = await import("./lib/redis/client");
      const { assertRedisVersion } = await import("./lib/redis/version");
      await assertRedisVersion(getRedisClient(env.REDIS_URL));
    }
  }
}
