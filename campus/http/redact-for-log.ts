/*
 * What the flow inspector may show of a REST body. Redaction happens here, on the campus server,
 * before an entry is stored, so no token, code, state, secret, session key or one-use tile URL
 * ever reaches the campus page (spec 5.1: "never put it in ... logs").
 */

export const REDACTED = "‹redacted›";
/** A body larger than this is summarised, never kept whole: the log holds 200 entries. */
export const MAX_LOGGED_BODY_CHARS = 6_000;

// Any depth: tokens, secrets, the login state, activity session keys (spec 4.13) and tile URLs (spec 4.10, one use).
const SECRET_KEYS = new Set([
  "access_token",
  "refresh_token",
  "token",
  "client_secret",
  "clientSecret",
  "secret",
  "password",
  "state",
  "sessionKey",
  "url",
  "authorization",
]);
// `code` is the one-use authorization code at the top of a token request (spec 4.1); inside
// `error` or a command `result` it is an error code, which the inspector shows.
const TOP_LEVEL_SECRET_KEYS = new Set(["code"]);

function redactValue(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      const secret = SECRET_KEYS.has(key) || (depth === 0 && TOP_LEVEL_SECRET_KEYS.has(key));
      return [key, secret ? REDACTED : redactValue(field, depth + 1)];
    }),
  );
}

/** A redacted copy of a JSON body, or a short note when it is too large to keep. */
export function redactForLog(body: unknown): unknown {
  if (body === undefined) return null;
  const redacted = redactValue(body, 0);
  const size = JSON.stringify(redacted)?.length ?? 0;
  return size > MAX_LOGGED_BODY_CHARS ? { note: `${size} characters, not kept in the log` } : redacted;
}
