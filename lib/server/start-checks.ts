import "server-only";

/**
 * Validates the environment once, when the server starts, so a bad variable stops it with a clear
 * message. Imported by instrumentation.ts only in the Node.js runtime, so that the Edge build of
 * the hook never compiles the Node.js modules this reaches.
 */
export async function runStartChecks(): Promise<void> {
  try {
    await checkAtStart();
  } catch (error) {
    // Next keeps a failed start-up hook for the life of the process and answers every request
    // with its own plain 500: a production start that cannot serve ends here instead, saying why
    // (`next dev` shows the error itself).
    if (process.env.NODE_ENV !== "production") throw error;
    console.error(error instanceof Error ? error.message : "The app could not start");
    process.exit(1);
  }
}

async function checkAtStart() {
  const { getEnv } = await import("../env");
  const env = getEnv();
  // Rate limits key on the client's address, which route handlers cannot see without this.
  const { captureClientAddresses, parseTrustedProxies } = await import("../security/client-address");
  captureClientAddresses(env.TRUSTED_PROXY.length ? parseTrustedProxies(env.TRUSTED_PROXY) : undefined);
  const { redisTargetOf } = await import("../redis/target");
  const redis = redisTargetOf(env);
  if (redis) {
    // A Redis too old for the stores' commands stops the start too, rather than the first login;
    // one that is slow or down is not a reason to stop (the connection retries, /api/health says 503).
    const { checkVersionAtStart, getRedisClient } = await import("../redis/client");
    await checkVersionAtStart(getRedisClient(redis));
  }
}
