import "server-only";
import { isIP } from "node:net";
import { z } from "zod";
import { parseSentinelSettings, SENTINEL_VARIABLES, type SentinelSettings } from "@/lib/redis-sentinel-env";

/*
 * Server environment, validated once at start-up (instrumentation.ts) and read lazily elsewhere.
 * With no `.env` at all the app runs against the local campus: the campus URLs, the credentials
 * and the session secret have development defaults, but only outside production (the secrets also
 * only while CAMPUS_API_URL points at a loopback host). With NODE_ENV=production there are no
 * defaults, the example values are refused wherever the campus is (a production build must never
 * run on a published secret), and the campus and Redis are reached over TLS unless they are on
 * loopback (a production build run locally, as the end-to-end runs do).
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

/** Every key the app writes to Redis starts with this: two apps can share one Redis under two prefixes. */
const DEFAULT_REDIS_KEY_PREFIX = "app:";

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

/** A key prefix for Redis: short, and nothing a shell, a URL or a Redis glob pattern would read specially. */
const REDIS_KEY_PREFIX_PATTERN = /^[A-Za-z0-9_:.{}-]{1,64}$/;

/** An IP address, or a network in CIDR notation: the proxies whose X-Forwarded-For the app believes. */
function isAddressOrNetwork(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Whether the server reaches `value` on loopback: a literal address of 127.0.0.0/8 or ::1 (the URL
 * parser writes every form of them so), or `localhost`. Not a `*.localhost` name: Node looks those
 * up in DNS like any other name, so one may lead off the machine.
 */
export function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const host = new URL(value).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether a browser reaches the origin on loopback. The server never connects to an origin: the
 * browser checks it (frame-ancestors, the handshake's messages), and browsers answer `*.localhost`
 * names on loopback themselves (RFC 6761), as the local campus's `campus.localhost` relies on.
 */
function isBrowserLoopbackOrigin(origin: string): boolean {
  return isLoopbackUrl(origin) || new URL(origin).hostname.endsWith(".localhost");
}

const REQUIRED = "is required in production (NODE_ENV=production) and whenever CAMPUS_API_URL is not a loopback host";
const REQUIRED_IN_PRODUCTION = "is required in production (NODE_ENV=production): there is no local campus to default to";

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
  SESSION_SECRET_PREVIOUS: optional,
  REDIS_URL: optional,
  REDIS_KEY_PREFIX: optional,
  TRUSTED_PROXY: optional,
  NODE_ENV: optional,
});

const envSchema = rawEnvSchema
  .transform((raw) => {
    const production = raw.NODE_ENV === "production";
    const campusDefault = (key: "CAMPUS_API_URL" | "CAMPUS_ORIGINS") => raw[key] ?? (production ? undefined : LOCAL_CAMPUS_DEFAULTS[key]);
    const apiUrl = campusDefault("CAMPUS_API_URL")?.replace(/\/+$/, "");
    const local = apiUrl !== undefined && isLoopbackUrl(apiUrl) && !production;
    const localDefault = <K extends keyof typeof LOCAL_CAMPUS_DEFAULTS>(key: K) =>
      raw[key] ?? (local ? LOCAL_CAMPUS_DEFAULTS[key] : undefined);
    return {
      CAMPUS_API_URL: apiUrl,
      CAMPUS_ORIGINS: campusDefault("CAMPUS_ORIGINS")
        ?.split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
      CAMPUS_CLIENT_ID: localDefault("CAMPUS_CLIENT_ID"),
      CAMPUS_CLIENT_SECRET: localDefault("CAMPUS_CLIENT_SECRET"),
      SESSION_SECRET: localDefault("SESSION_SECRET"),
      ...(raw.SESSION_SECRET_PREVIOUS ? { SESSION_SECRET_PREVIOUS: raw.SESSION_SECRET_PREVIOUS } : {}),
      ...(raw.REDIS_URL ? { REDIS_URL: raw.REDIS_URL } : {}),
      REDIS_KEY_PREFIX: raw.REDIS_KEY_PREFIX ?? DEFAULT_REDIS_KEY_PREFIX,
      TRUSTED_PROXY: (raw.TRUSTED_PROXY ?? "").split(",").map((entry) => entry.trim()).filter(Boolean),
    };
  })
  .pipe(
    z.object({
      CAMPUS_API_URL: z.string({ error: REQUIRED_IN_PRODUCTION }).refine(isHttpUrl, "must be an http(s) URL, such as https://api.campus.example"),
      CAMPUS_ORIGINS: z
        .array(
          z.string().refine(isOrigin, {
            error: (issue) => `"${String(issue.input)}" is not an origin (scheme://host[:port], no path or trailing slash)`,
          }),
          { error: REQUIRED_IN_PRODUCTION },
        )
        .min(1, "must list at least one origin, comma-separated"),
      CAMPUS_CLIENT_ID: z.string({ error: REQUIRED }),
      CAMPUS_CLIENT_SECRET: z.string({ error: REQUIRED }),
      SESSION_SECRET: z
        .string({ error: REQUIRED })
        .min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`),
      // During a rotation: what SESSION_SECRET was. Handles and records it sealed still open; nothing new is sealed with it.
      SESSION_SECRET_PREVIOUS: z.string().min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`).optional(),
      // Unset: sessions, call state and activities live in this process only (one instance).
      REDIS_URL: z.string().refine(isRedisUrl, "must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379").optional(),
      REDIS_KEY_PREFIX: z.string().regex(REDIS_KEY_PREFIX_PATTERN, "must be 1 to 64 letters, digits or _ : . - { }, such as app: or myapp:"),
      // Unset: the client address is the socket's and X-Forwarded-For is ignored (lib/security/client-address.ts).
      TRUSTED_PROXY: z.array(
        z.string().refine(isAddressOrNetwork, {
          error: (issue) => `"${String(issue.input)}" is not an IP address or network (such as 10.0.0.7 or 10.0.0.0/8)`,
        }),
      ),
    }),
  );

export type Env = z.infer<typeof envSchema> & {
  /** Set with REDIS_SENTINELS: the shared store is the primary the sentinels name (lib/redis-sentinel-env.ts). */
  REDIS_SENTINEL?: SentinelSettings;
};

/** Whether `url` is https:// (rediss:// for Redis), or on loopback, where plain text never leaves the machine. */
function isEncryptedOrLoopback(url: string, secureProtocol: "https:" | "rediss:", onLoopback = isLoopbackUrl): boolean {
  return new URL(url).protocol === secureProtocol || onLoopback(url);
}

/**
 * In production, nothing but loopback is reached in plain text (bearer tokens, the client secret
 * and sessions cross these links), and a rotation names two different secrets.
 */
function productionProblems(env: Env, source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  const loopback = "a loopback address (127.0.0.0/8, [::1]) or localhost";
  if (!isEncryptedOrLoopback(env.CAMPUS_API_URL, "https:")) problems.push(`  - CAMPUS_API_URL: must be https:// in production (http:// only to ${loopback})`);
  for (const origin of env.CAMPUS_ORIGINS.filter((value) => !isEncryptedOrLoopback(value, "https:", isBrowserLoopbackOrigin))) {
    problems.push(`  - CAMPUS_ORIGINS: "${origin}" must be https:// in production (http:// only on ${loopback}, or a *.localhost name)`);
  }
  // The URL is not printed: it may hold the Redis password.
  if (env.REDIS_URL && !isEncryptedOrLoopback(env.REDIS_URL, "rediss:")) problems.push(`  - REDIS_URL: must be rediss:// (TLS) in production (redis:// only to ${loopback})`);
  const sentinelUrls = (env.REDIS_SENTINEL?.sentinels ?? []).map(({ host, port }) => `redis://${isIP(host) === 6 ? `[${host}]` : host}:${port}`);
  if (env.REDIS_SENTINEL && !env.REDIS_SENTINEL.tls && !sentinelUrls.every((url) => isLoopbackUrl(url))) problems.push(`  - REDIS_TLS: must be true in production with REDIS_SENTINELS (plain text only to sentinels on ${loopback})`);
  if (env.SESSION_SECRET_PREVIOUS === env.SESSION_SECRET) problems.push("  - SESSION_SECRET_PREVIOUS: is the same as SESSION_SECRET; set it to the secret being replaced");
  return problems;
}

/** Parses an environment, naming every missing or bad variable (never printing a value of a secret). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const problems = result.success ? [] : result.error.issues.map((issue) => `  - ${String(issue.path[0] ?? "environment")}: ${issue.message}`);
  const sentinel = parseSentinelSettings(trimmed(source, [...SENTINEL_VARIABLES, "REDIS_URL"]));
  problems.push(...sentinel.problems, ...exampleSecretProblems(source));
  const env: Env | undefined = result.success ? { ...result.data, ...(sentinel.settings ? { REDIS_SENTINEL: sentinel.settings } : {}) } : undefined;
  if (env) problems.push(...productionProblems(env, source));
  if (env && problems.length === 0) return env;
  throw new Error(`Invalid environment variables (see .env.example):\n${problems.join("\n")}`);
}

/** The named variables, trimmed, with the blank ones left out (as the schema reads them). */
function trimmed<K extends string>(source: Record<string, string | undefined>, names: readonly K[]): Partial<Record<K, string>> {
  return Object.fromEntries(names.flatMap((name) => (source[name]?.trim() ? [[name, source[name].trim()]] : []))) as Partial<Record<K, string>>;
}

/** In production, a secret left at its published example value stops the start (a missing one is named by the schema). */
function exampleSecretProblems(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== "production") return [];
  const examples: string[] = PRODUCTION_SECRETS.filter((name) => source[name]?.trim() === LOCAL_CAMPUS_DEFAULTS[name]);
  if (source.SESSION_SECRET_PREVIOUS?.trim() === LOCAL_CAMPUS_DEFAULTS.SESSION_SECRET) examples.push("SESSION_SECRET_PREVIOUS");
  return examples.map((name) => `  - ${name}: is the development example; production (NODE_ENV=production) needs its own value`);
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
