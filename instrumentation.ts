// Validates the environment once, when the server starts, so a bad variable stops it with a clear message.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("./lib/env");
    getEnv();
  }
}
