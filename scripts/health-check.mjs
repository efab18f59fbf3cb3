// The container's HEALTHCHECK: asks GET /api/health of the server this container runs, on the
// PORT and APP_HOST it listens on (scripts/start.mjs), and exits 0 only on a 2xx answer.
const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);
const TIMEOUT_MS = 2_000;

/** The health URL of a server listening on `env`'s APP_HOST and PORT: a wildcard address is reached on loopback. */
export function healthUrl(env) {
  const listening = env.APP_HOST?.trim() || "0.0.0.0";
  const host = WILDCARDS.has(listening) ? "127.0.0.1" : listening.includes(":") && !listening.startsWith("[") ? `[${listening}]` : listening;
  return `http://${host}:${env.PORT?.trim() || "3000"}/api/health`;
}

if (import.meta.main) {
  const healthy = await fetch(healthUrl(process.env), { signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
    (response) => response.ok,
    () => false,
  );
  process.exit(healthy ? 0 : 1);
}
