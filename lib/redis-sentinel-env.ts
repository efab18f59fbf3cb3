import "server-only";
import { isIP } from "node:net";
import { z } from "zod";

/*
 * The settings of a Redis behind Sentinel (lib/env.ts): the sentinels' addresses, the name of the
 * primary they watch, and the passwords. The app asks a sentinel where the primary is on every
 * (re)connect, so a failover is followed without a restart (lib/redis/client.ts).
 */

/** The variables of a Sentinel deployment; with REDIS_URL, credentials and TLS live in the URL instead. */
export const SENTINEL_VARIABLES = [
  "REDIS_SENTINELS",
  "REDIS_SENTINEL_NAME",
  "REDIS_USERNAME",
  "REDIS_PASSWORD",
  "REDIS_SENTINEL_USERNAME",
  "REDIS_SENTINEL_PASSWORD",
  "REDIS_TLS",
] as const;

export type SentinelAddress = { host: string; port: number };

export type SentinelSettings = {
  sentinels: SentinelAddress[];
  /** The primary's name, as in the sentinels' `sentinel monitor <name> …`. */
  name: string;
  /** The data nodes' user and password (an ACL user, or the default user's requirepass). */
  username?: string;
  password?: string;
  /** The sentinels' own user and password, when they require one. */
  sentinelUsername?: string;
  sentinelPassword?: string;
  /** TLS to the sentinels and the data nodes alike. */
  tls: boolean;
};

/** `host:port`, or `[v6 address]:port`. */
export function parseSentinelAddress(entry: string): SentinelAddress | undefined {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(entry);
  if (!match) return undefined;
  const host = match[1] ?? match[2] ?? "";
  const port = Number(match[3]);
  if (match[1] !== undefined && isIP(host) !== 6) return undefined;
  if (port < 1 || port > 65_535) return undefined;
  return { host, port };
}

/** Sentinel names its primaries with letters, digits and `.-_` (and so does every managed offer). */
const PRIMARY_NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const BOOLEAN_WORDS: Record<string, boolean> = { "1": true, true: true, yes: true, "0": false, false: false, no: false };

const sentinelListSchema = z
  .string()
  .transform((value, context) => {
    const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
    const addresses: SentinelAddress[] = [];
    for (const entry of entries) {
      const address = parseSentinelAddress(entry);
      if (address) addresses.push(address);
      else context.addIssue({ code: "custom", message: `"${entry}" is not host:port (an IPv6 address in brackets, such as [::1]:26379)` });
    }
    if (entries.length === 0) context.addIssue({ code: "custom", message: "must list at least one sentinel, comma-separated host:port" });
    return addresses;
  });

const settingsSchema = z.object({
  REDIS_SENTINELS: sentinelListSchema,
  REDIS_SENTINEL_NAME: z
    .string({ error: "is required with REDIS_SENTINELS: the primary's name, as in `sentinel monitor <name>`" })
    .regex(PRIMARY_NAME_PATTERN, "must be 1 to 64 letters, digits or . _ -, such as mymaster"),
  REDIS_USERNAME: z.string().optional(),
  REDIS_PASSWORD: z.string().optional(),
  REDIS_SENTINEL_USERNAME: z.string().optional(),
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  REDIS_TLS: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.toLowerCase() in BOOLEAN_WORDS, "must be true or false (1 or 0)")
    .transform((value) => (value === undefined ? false : BOOLEAN_WORDS[value.toLowerCase()] === true)),
});

export type SentinelSource = Partial<Record<(typeof SENTINEL_VARIABLES)[number] | "REDIS_URL", string>>;

/**
 * The Sentinel settings of an environment whose blank values are already dropped: undefined when
 * REDIS_SENTINELS is unset, or the problems, each naming its variable (never a password's value).
 */
export function parseSentinelSettings(source: SentinelSource): { settings?: SentinelSettings; problems: string[] } {
  const given = SENTINEL_VARIABLES.filter((name) => source[name] !== undefined);
  if (source.REDIS_SENTINELS === undefined) {
    // With REDIS_URL (or no Redis), the credentials and TLS belong in the URL: a stray one would be ignored silently.
    return { problems: given.map((name) => `  - ${name}: is read only with REDIS_SENTINELS${name === "REDIS_SENTINEL_NAME" ? "" : "; with REDIS_URL, put it in the URL (rediss://user:password@host:port)"}`) };
  }
  if (source.REDIS_URL !== undefined) return { problems: ["  - REDIS_SENTINELS: set either REDIS_URL (one endpoint) or REDIS_SENTINELS (Sentinel), not both"] };
  const result = settingsSchema.safeParse(source);
  if (!result.success) return { problems: result.error.issues.map((issue) => `  - ${String(issue.path[0])}: ${issue.message}`) };
  const data = result.data;
  return {
    problems: [],
    settings: {
      sentinels: data.REDIS_SENTINELS,
      name: data.REDIS_SENTINEL_NAME,
      ...(data.REDIS_USERNAME ? { username: data.REDIS_USERNAME } : {}),
      ...(data.REDIS_PASSWORD ? { password: data.REDIS_PASSWORD } : {}),
      ...(data.REDIS_SENTINEL_USERNAME ? { sentinelUsername: data.REDIS_SENTINEL_USERNAME } : {}),
      ...(data.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: data.REDIS_SENTINEL_PASSWORD } : {}),
      tls: data.REDIS_TLS,
    },
  };
}
