// Validates the environment once, when the server starts, so a bad variable stops it with a clear message.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/env");
    const env = getEnv();
    // Rate limits key on the client's address, which route handlers cannot see without this.
    const { captureClientAddresses, parseTrustedProxies } = await import("./lib/security/client-address");
    captureClientAddresses(env.TRUSTED_PROXY.length ? parseTrustedProxies(env.TRUSTED_PROXY) : undefined);
  }
}
