import "server-only";
import { pino } from "pino";

/*
 * The app's one server logger: JSON lines on stdout, for whatever ships them. What may go in a
 * line is decided here, not at each call: an error becomes its name, code and a scrubbed message,
 * never the object (an ioredis error's `command.args` hold the session record and its bearer
 * token); known secret fields are redacted wherever they appear. Spec 5.1 keeps the client secret
 * out of logs; tokens, codes, states, session handles and records get the same treatment.
 */

/** Field names that hold a secret, at the top level or one level down. */
const SECRET_FIELDS = [
  "accessToken",
  "access_token",
  "token",
  "code",
  "state",
  "clientSecret",
  "client_secret",
  "sessionSecret",
  "sessionHandle",
  "handle",
  "authorization",
  "Authorization",
  "cookie",
  "record",
  "args",
  "command",
];

// One level down, `code` stays: an error summary's code (ECONNRESET, INTERNAL_SERVER_ERROR) is what an operator needs.
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.filter((field) => field !== "code").map((field) => `*.${field}`),
  "headers.*",
  "*.headers.*",
];

/** Runs of 20 or more token characters: access tokens, codes, states, seals, base64 of credentials. */
const TOKEN_LIKE = /[A-Za-z0-9_\-.~+/=*]{20,}/g;
/** A JSON object inside a message (a reply that quotes a stored value). */
const JSON_LIKE = /[{[][\s\S]*[}\]]/g;
const MAX_MESSAGE_LENGTH = 200;

/** A message with anything that could be a secret taken out, and kept short. */
export function scrubMessage(message: string): string {
  return message.replace(JSON_LIKE, "[redacted]").replace(TOKEN_LIKE, "[redacted]").slice(0, MAX_MESSAGE_LENGTH);
}

export type ErrorSummary = { name: string; message: string; code?: string | number };

/** What a log line may say about an error: never the object itself, its stack, cause or properties. */
export function summarizeError(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { name: typeof error, message: "(not an Error)" };
  const code = (error as { code?: unknown }).code;
  return {
    name: scrubMessage(error.name),
    message: scrubMessage(error.message),
    ...(typeof code === "string" || typeof code === "number" ? { code: typeof code === "string" ? scrubMessage(code) : code } : {}),
  };
}

/** LOG_LEVEL: pino's levels (`info` unless set; `silent` turns logging off). */
export const log = pino(
  {
    level: process.env.LOG_LEVEL?.trim() || "info",
    base: undefined,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    // Whatever a caller passes as `err`, only its summary is written.
    serializers: { err: summarizeError },
  },
  // process.stdout rather than pino's own file descriptor writer: one stream to capture, and no worker thread.
  process.stdout,
);

/** Logs an unexpected error of `event` (a dotted name such as `api.unexpected`) as its summary only. */
export function logError(event: string, error: unknown, fields: Record<string, string | number> = {}) {
  log.error({ event, ...fields, err: error }, event);
}

export function logWarning(event: string, fields: Record<string, string | number> = {}) {
  log.warn({ event, ...fields }, event);
}
