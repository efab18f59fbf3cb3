/**
 * Every choice the local campus makes where the spec says "not shown" or is silent.
 * Each choice is one statement (docs/assumptions.md copies them). Choices with a value are
 * constants the code reads; choices of behavior are listed as statements and the code that
 * applies them says "policy.ts" beside it.
 */
import type { ErrorCode } from "../lib/contract";

// ── REST answers ─────────────────────────────────────────────────────────────────────────────

/** An unknown path or method under /v1 answers 400 BAD_USER_INPUT "unsupported operation" (part 7 has no 404 or 405 code). */
export const UNSUPPORTED_OPERATION_MESSAGE = "unsupported operation";

/** An unknown path outside /v1 (page, host, control) answers 404 with code NOT_FOUND in the spec's Error shape. */
export const NOT_FOUND_CODE = "NOT_FOUND";

/** An unexpected failure while answering is reported as 503 INTERNAL_SERVER_ERROR, the only server error in part 7. */
export const UNEXPECTED_FAILURE_CODE: ErrorCode = "INTERNAL_SERVER_ERROR";

/** Every campus response, not only the REST API, carries `Cache-Control: private, no-store`. */
export const CACHE_CONTROL = "private, no-store";

/** A 401 carries `WWW-Authenticate` (Basic for INVALID_CLIENT, Bearer for INVALID_TOKEN), as HTTP authentication expects. */
export const WWW_AUTHENTICATE = { INVALID_CLIENT: 'Basic realm="campus"', INVALID_TOKEN: 'Bearer realm="campus"' } as const;

/** Codes and tokens issued before a registration save answer 403 APP_UNAVAILABLE, not 401 (spec 5.6: reopen the app). */
export const STALE_REGISTRATION_CODE: ErrorCode = "APP_UNAVAILABLE";

// Behavior (REST):
// - Token exchange and userinfo have no rate limits (part 8: not shown); on them 429 only comes from fault injection.
// - Token exchange checks in this order: client credentials (401 INVALID_CLIENT), body (400 BAD_USER_INPUT), code known, of this client, unused and unexpired (401 INVALID_TOKEN), app published and registration unchanged (403 APP_UNAVAILABLE), consent unchanged since the code (403 ACCESS_REVOKED).
// - Userinfo checks in this order, on every request with nothing cached: token known, not revoked and unexpired (401 INVALID_TOKEN), app published and registration unchanged (403 APP_UNAVAILABLE), consent unchanged (403 ACCESS_REVOKED).
// - Client credentials: clientId and secret are each form-urlencoded before base64 (RFC 6749 2.3.1), so `+` decodes to a space; unreadable base64, no colon or a bad %-escape is 401 INVALID_CLIENT.
// - Presenting a used code again revokes the token issued from it (RFC 6749 10.5) and answers 401 INVALID_TOKEN.
// - A code is spent by any exchange attempt of its own client, even one that then fails as expired, 403 APP_UNAVAILABLE or 403 ACCESS_REVOKED.
// - A code presented by another client is refused with 401 INVALID_TOKEN and is not spent.
// - A code or token is valid strictly before its lifetime ends: at exactly 60 s (900 s) on the campus clock it is expired.
// - Userinfo does not require the token's launch to be current: a token of a replaced launch lives out its 900 s (a registration save still ends it).
// - Re-approving a consent with other scopes or another origin replaces it, which ends access issued under the old one (403 ACCESS_REVOKED).
// - Member fields are read at request time, so a token always returns the member's current values.

// ── Registration ─────────────────────────────────────────────────────────────────────────────

// - Every registration save (control API or page) starts a new generation and ends older launches, codes and tokens, published or not (spec 5.6).
// - A save may change every field, clientId included (a re-registration); a code of the old clientId is then "the code of another app".
// - The local campus accepts http app origins; "public apps require HTTPS" (spec 5.7) is left to real campuses.
// - The app origin must differ from the campus origin (spec 5.7), and the app URL must be on the app origin.
// - The registration has an optional display name; without one the consent dialog names the app by its origin's host.

// ── Launches, consent and the iframe bridge ──────────────────────────────────────────────────

// - Launches have no time limit; a launch ends when its tab mounts the app again, the app document sends a later `ready`, or the registration is saved.
// - The owning tab is a random tabId the page keeps in sessionStorage; a duplicated browser tab copies it, so the duplicate's mount ends the original's launch.
// - An unpublished app still mounts and gets a launch on `ready`; `authenticate` then answers APP_UNAVAILABLE.
// - A remembered consent is reused only for exactly the same scope set and the same app origin; any change asks again (spec 5.5).
// - Consent is remembered per member (userId) and registration (clientId), and approving what is already remembered keeps it unchanged.
// - While the consent dialog is open, further `authenticate` requests of the frame wait for the same decision.
// - Closing the consent dialog with Escape counts as Deny (reply CONSENT_DENIED).
// - A pending `authenticate` whose launch ended meanwhile (app reload, remount or save) gets no reply.
// - Messages without the campus protocol name, or without a readable `id` (string, 1 to 64 chars), are ignored; other malformed ones get BAD_REQUEST.
// - The campus never stores the login `state`; it validates its length (1 to 256) and echoes it verbatim.

/** When the page cannot reach its own campus server, it replies APP_UNAVAILABLE to the frame. */
export const HOST_UNREACHABLE_REPLY_CODE = "APP_UNAVAILABLE";

// ── The page, members and demo controls ──────────────────────────────────────────────────────

/** A browser's campus member is this first-party cookie; without a valid one it is the first seeded member (ada). */
export const MEMBER_COOKIE = "campus_member";

/** The request log keeps the newest 200 REST calls; the page polls it every 2 s. */
export const REQUEST_LOG_CAPACITY = 200;
export const LOG_POLL_INTERVAL_MS = 2000;

/** Fault defaults: one call, `Retry-After: 1` (whole seconds), and a 1000 ms delay. */
export const FAULT_DEFAULTS = { count: 1, retryAfterSeconds: 1, delayMs: 1000 } as const;

// - Fault rules of one endpoint apply in the order they were added; a dropped call is handled in full, logged with its status and fault "drop", and its connection is closed without an answer.
// - The control API has no authentication: the local campus is for development and tests only.
