import "server-only";
import { isIP } from "node:net";
import { z } from "zod";

/*
 * Server environment, validated once at start-up (instrumentation.ts) and read lazily elsewhere.
 * With no `.env` at all the app runs against the local campus: the credentials and the session
 * secret have development defaults, but only outside production and while CAMPUS_API_URL points
 * at a loopback host. With NODE_ENV=production there are no defaults, and the example values are
 * refused wherever the campus is: a production build must never run on a published secret.
 */

const LOCAL_CAMPUS_DEFAULTS = {
  CAMPUS_API_URL: "http://127.0.0.1:4000",
  CAMPUS_ORIGINS: "http://campus.localhost:4000",
  // The local campus's registration (campus/registration.json).
  CAMPUS_CLIENT_ID: "local-starter-app",
  CAMPUS_CLIENT_SECRET: "local-campus-secret-do-not-use-in-production",
  SESSION_SECRET: "local-session-secret-for-development-only-never-in-production",
} as const;

const SESSION_SECRET_MIN_LENGTH = 32; // iron-session refuses shorter passwords

/** The secrets production must set itself: their published example values (this file, .env.example) are refused. */
const PRODUCTION_SECRETS = ["CAMPUS_CLIENT_ID", "CAMPUS_CLIENT_SECRET", "SESSION_SECRET"] as const;

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol);
}

/** An exact origin: scheme, host and optional port, nothing else (no path, no trailing slash). */
export function isOrigin(value: string): boolean {
  return isHttpUrl(value) && new URL(value).origin === value;
}

/** A Redis connection URL (redis://[user:password@]host[:port][/db]; rediss:// for TLS). */
function isRedisUrl(value: string): boolean {
  return URL.canParse(value) && ["redis:", "rediss:"].includes(new URL(value).protocol) && new URL(value).hostname !== "";
}

/** An IP address, or a network in CIDR notation: the proxies whose X-Forwarded-For the app believes. */
function isAddressOrNetwork(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

export function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const host = new URL(value).hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

const REQUIRED = "is required in production (NODE_ENV=production) and whenever CAMPUS_API_URL is not a loopback host";

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const rawEnvSchema = z.object({
  CAMPUS_API_URL: optional,
  CAMPUS_ORIGINS: optional,
  CAMPUS_CLIENT_ID: optional,
  CAMPUS_CLIENT_SECRET: optional,
  SESSION_SECRET: optional,
  REDIS_URL: optional,
  TRUSTED_PROXY: optional,
  NODE_ENV: optional,
});

const envSchema = rawEnvSchema
  .transform((raw) => {
    const apiUrl = (raw.CAMPUS_API_URL ?? LOCAL_CAMPUS_DEFAULTS.CAMPUS_API_URL).replace(/\/+$/, "");
    const local = isLoopbackUrl(apiUrl) && raw.NODE_ENV !== "production";
    const localDefault = <K extends keyof typeof LOCAL_CAMPUS_DEFAULTS>(key: K) =>
      raw[key] ?? (local ? LOCAL_CAMPUS_DEFAULTS[key] : undefined);
    return {
      CAMPUS_API_URL: apiUrl,
      CAMPUS_ORIGINS: (raw.CAMPUS_ORIGINS ?? LOCAL_CAMPUS_DEFAULTS.CAMPUS_ORIGINS)
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
      CAMPUS_CLIENT_ID: localDefault("CAMPUS_CLIENT_ID"),
      CAMPUS_CLIENT_SECRET: localDefault("CAMPUS_CLIENT_SECRET"),
      SESSION_SECRET: localDefault("SESSION_SECRET"),
      ...(raw.REDIS_URL ? { REDIS_URL: raw.REDIS_URL } : {}),
      TRUSTED_PROXY: (raw.TRUSTED_PROXY ?? "").split(",").map((entry) => entry.trim()).filter(Boolean),
    };
  })
  .pipe(
    z.object({
      CAMPUS_API_URL: z.string().refine(isHttpUrl, "must be an http(s) URL, such as https://api.campus.example"),
      CAMPUS_ORIGINS: z
        .array(
          z.string().refine(isOrigin, {
            error: (issue) => `"${String(issue.input)}" is not an origin (scheme://host[:port], no path or trailing slash)`,
          }),
        )
        .min(1, "must list at least one origin, comma-separated"),
      CAMPUS_CLIENT_ID: z.string({ error: REQUIRED }),
      CAMPUS_CLIENT_SECRET: z.string({ error: REQUIRED }),
      SESSION_SECRET: z
        .string({ error: REQUIRED })
        .min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`),
      // Unset: sessions, call state and activities live in this process only (one instance).
      REDIS_URL: z.string().refine(isRedisUrl, "must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379").optional(),
      // Unset: the client address is the socket's and X-Forwarded-For is ignored (lib/security/client-address.ts).
      TRUSTED_PROXY: z.array(
        z.string().refine(isAddressOrNetwork, {
          error: (issue) => `"${String(issue.input)}" is not an IP address or network (such as 10.0.0.7 or 10.0.0.0/8)`,
        }),
      ),
    }),
  );

export type Env = z.infer<typeof envSchema>;

/** Parses an environment, naming every missing or bad variable (never printing a value of a secret). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const problems = result.success ? [] : result.error.issues.map((issue) => `  - ${String(issue.path[0] ?? "environment")}: ${issue.message}`);
  problems.push(...exampleSecretProblems(source));
  if (result.success && problems.length === 0) return result.data;
  throw new Error(`Invalid environment variables (see .env.example):\n${problems.join("\n")}`);
}

/** In production, a secret left at its published example value stops the start (a missing one is named by the schema). */
function exampleSecretProblems(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== "production") return [];
  return PRODUCTION_SECRETS.filter((name) => source[name]?.trim() === LOCAL_CAMPUS_DEFAULTS[name]).map(
    (name) => `  - ${name}: is the development example; production (NODE_ENV=production) needs its own value`,
  );
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
