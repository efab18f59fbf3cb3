/**
 * Every choice the local campus makes where the spec says "not shown" or is silent, stated once.
 * Choices with a value are constants the code reads, each under a doc comment that states its
 * rule; choices of behavior are `// - ` statements, and the code that applies them says
 * "policy.ts" beside it. docs/assumptions.md ("The local campus, rule by rule") is made from this
 * file, section by section (`npx tsx scripts/docs/campus-policy-doc.ts`), and a unit test fails
 * when the two differ.
 */
import type { ErrorCode } from "../../lib/contract";

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
// - Client credentials are base64 of `clientId:clientSecret` exactly as issued (spec 5.1), nothing form-urlencoded. The split is at the first colon. So a secret may hold `:`, `+`, `/`, `=` or `%`, and a client ID may not hold `:` (the registration refuses one). Unreadable base64 or no colon is 401 INVALID_CLIENT.
// - Presenting a used code again revokes the token issued from it (RFC 6749 10.5) and answers 401 INVALID_TOKEN.
// - A code is spent by any exchange attempt of its own client, even one that then fails as expired, 403 APP_UNAVAILABLE or 403 ACCESS_REVOKED.
// - A code presented by another client is refused with 401 INVALID_TOKEN and is not spent.
// - A code or token is valid strictly before its lifetime ends: at exactly 60 s (900 s) on the campus clock it is expired.
// - Userinfo does not require the token's launch to be current: a token of a replaced launch lives out its 900 s (a registration save still ends it).
// - Re-approving a consent with other scopes or another origin replaces it, which ends access issued under the old one (403 ACCESS_REVOKED).
// - Member fields are read at request time, so a token always returns the member's current values.

// ── A safe dev tool: listening, request bodies and the control API ─────────────────────────────

/** Without CAMPUS_HOST the campus listens on loopback only (127.0.0.1, and ::1 where the machine has IPv6). */
export const DEFAULT_LISTEN_HOSTS = ["127.0.0.1", "::1"] as const;

/**
 * The campus answers only to its own names (DNS rebinding): the host of CAMPUS_ORIGIN, and these
 * loopback names and the CAMPUS_HOST address, on CAMPUS_PORT. Any other `Host` is 421
 * MISDIRECTED_REQUEST in the Error shape, on every route, before the route runs.
 */
export const LOOPBACK_HOST_NAMES = ["localhost", "127.0.0.1", "::1"] as const;

/** Listening on every address names none: a request to 0.0.0.0 or :: is not one of the campus's names. */
export const WILDCARD_LISTEN_HOSTS: readonly string[] = ["0.0.0.0", "::"];

/** The one path every name may GET: the health check, which reads and changes nothing. */
export const ANY_HOST_PATH = "/health";

/** The same body limit as the app's API routes: 16 KiB, checked on Content-Length at once and counted on the stream. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** A body that has not fully arrived this long after its request is answered 408 and its connection closed. */
export const BODY_READ_TIMEOUT_MS = 5_000;

/** Node's own backstop for a request that never completes (headers or body), and how often it checks. */
export const SERVER_REQUEST_TIMEOUT_MS = 15_000;
export const SERVER_TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * RFC 9112 9.6: after an answer that closes the connection (413, 408, 403, 415, or a client's own
 * `Connection: close`), the campus half-closes and reads and drops what the client still sends,
 * so that a client in the middle of a large body reads the answer instead of a reset. It closes
 * when the client closes its side, after LINGER_IDLE_MS without a byte, or LINGER_MAX_MS after the
 * answer at the latest.
 */
export const LINGER_IDLE_MS = 2_000;
export const LINGER_MAX_MS = 5_000;

// Behavior (names, bodies and the control API):
// - A request's host is its `Host`, or the authority of an absolute request target (RFC 9112 3.2.2). A host that is not one of the campus's own names is 421 MISDIRECTED_REQUEST in the Error shape, with `Connection: close`. This holds on every route (page, assets, host, tiles, REST, control), before the route runs or a body is read. `GET /health` alone answers every name.
// - A request has a body when its headers announce one: a Content-Length above zero or a Transfer-Encoding. Without either, an HTTP/1.1 request has none (RFC 9112 6.3), and nothing is read. On every route, a body over the limit is 413 and a stalled body is 408. Both are in the Error shape (code BAD_USER_INPUT; BAD_REQUEST on /host), with `Connection: close`, so an unread rest of a body never holds the socket.
// - A connection the campus closes after an answer closes lingering (RFC 9112 9.6, LINGER_IDLE_MS and LINGER_MAX_MS). What the client still sends is read and dropped. So a client in the middle of a body reads the 413 rather than a reset.
// - A body where a route expects one must be `application/json`: 400 BAD_USER_INPUT on the REST API (part 7 lists 400 for an invalid body and no 415), 415 on the host and control endpoints.
// - Requests that change state are every method but GET and HEAD. On every route outside the REST API (the page's host endpoints, tile reports, the control API), they come from no Origin (server to server) or the campus's own origin. They never come with `Sec-Fetch-Site` other than same-origin or none (403 FORBIDDEN, `Origin: null` included). They must be `application/json` (415). Both are checked before the body is read, so no page of another site can drive the campus. A DELETE whose headers announce no body needs no content type.
// - The REST API is server to server (Basic and bearer credentials) and is not checked for Origin or Sec-Fetch-Site.
// - The control API lists issued access tokens only as fingerprints (first 8 characters of the SHA-256, base64url), with their member, launch and expiry. A live token is handed out only by `POST /control/credentials`, which the control rules keep away from every browser page.

// ── Registration ─────────────────────────────────────────────────────────────────────────────

// - Every registration save (control API or page) starts a new generation and ends older launches, codes and tokens, published or not (spec 5.6).
// - A save may change every field, clientId included (a re-registration); a code of the old clientId is then "the code of another app".
// - The local campus accepts http app origins; "public apps require HTTPS" (spec 5.7) is left to real campuses.
// - The app origin must differ from the campus origin (spec 5.7), and the app URL must be on the app origin.
// - The registration has an optional display name; without one the consent dialog names the app by its origin's host.

// ── Launches, consent and the iframe bridge ──────────────────────────────────────────────────

// - A launch ends when its tab mounts the app again, the app document sends a later `ready`, the registration is saved, or it expires idle (LAUNCH_IDLE_LIFETIME_SECONDS below).
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

/** A launch with no mount, consent check or code for this long expires (ends with reason `expired`); an app in use asks for a code at least every 900 s. */
export const LAUNCH_IDLE_LIFETIME_SECONDS = 12 * 3600;

/** An ended launch is kept this long (the token lifetime), so that a late call on it hears why it ended; then it is forgotten. */
export const ENDED_LAUNCH_RETENTION_SECONDS = 900;

// - Expired records are pruned lazily before every request, each store keeping its records in expiry order (state/prune-expired.ts). A code is forgotten 60 + 900 s after issue (a replay can revoke its token until then). A token is forgotten at its expiry, a rate window a minute after its last entry. A forgotten code or token then answers "unknown", still 401 INVALID_TOKEN.
// - The current launch of a tab is found by an index of tabs, never by scanning every launch.

// ── The page, members and demo controls ──────────────────────────────────────────────────────

/** A browser's campus member is this first-party cookie; without a valid one it is the first seeded member (ada). */
export const MEMBER_COOKIE = "campus_member";

/** The request log keeps the newest 200 REST calls; the page polls it every 2 s. */
export const REQUEST_LOG_CAPACITY = 200;
export const LOG_POLL_INTERVAL_MS = 2000;

/** Fault defaults: one call, `Retry-After: 1` (whole seconds), and a 1000 ms delay. */
export const FAULT_DEFAULTS = { count: 1, retryAfterSeconds: 1, delayMs: 1000 } as const;

// - Fault rules of one endpoint apply in the order they were added; a dropped call is handled in full, logged with its status and fault "drop", and its connection is closed without an answer.
// - Reply faults (endpoint "ready" or "authenticate") apply to the campus page's next replies to that iframe message, re-sent requests included, whatever the tab; the page takes one before each reply (POST /host/reply-faults/take) and carries it out (docs/assumptions.md).
// - The control API has no authentication: the local campus is for development and tests only.
// - The control API can add real members beyond the seeds (a spec username, a name or null; no picture, no country, no birthdate); `sim_` plus digits is kept for simulated members. They sign in like the seeds (`campus_member` cookie) and last until a reset.

// ── Calls: checks and answers (spec 4) ───────────────────────────────────────────────────────

// - Call endpoints check in this order, on every request, with nothing cached. First the bearer token (401 INVALID_TOKEN). Then app published and registration generation current (403 APP_UNAVAILABLE), and consent current (403 ACCESS_REVOKED). Then scope, `calls:read` or `calls:control` per the spec 4 table (403 FORBIDDEN). Then the token's launch is still the current mount of its tab (403 APP_UNAVAILABLE, "expired mount"). Then the grant belongs to this app and member, and its participation is in the launch's tab (403 FORBIDDEN). Then a participation in the launch's tab where the endpoint needs one, and approval where needed (403 FORBIDDEN). Then path, query and body (400 BAD_USER_INPUT). Then an idempotent retry answers its command (200). Last come rate limits (429 RATE_LIMITED), host-only actions (403 FORBIDDEN) and call state (409 CALL_CONFLICT).
// - Call GET endpoints take no query parameters (any → 400), and attach takes no body: any non-empty body, `{}` included, is 400.
// - A grant ID or command ID that is unknown, of another app or of another member answers 403 FORBIDDEN, never revealing whether it exists.
// - Command reads need only the issuing app and member (and a current launch), not the tab or the call the command was issued in.
// - Unlike userinfo, every call endpoint requires the token's launch to be the current mount of its tab (spec 4).

// ── Calls: the model ─────────────────────────────────────────────────────────────────────────

// - A participation starts connected, with stage state `none`, camera and microphone off and playback unmuted.
// - A member is in at most one call at a time, through one participation bound to one campus tab; joining or starting while in a call is 409 CALL_CONFLICT, in this tab or another.
// - The starter hosts the call as a speaker; everyone else joins as audience unless an explicit `speaker` role was asked for, which needs a free seat (automatic allocation).
// - The `role` of start and invite is the recipient's role in the invitation; start without a recipient creates a call with only its host.
// - An explicit `speaker` role is checked at request time (409) and again when the recipient accepts (409 on the page, `failed` for an accept command); a seat is never reserved for an invitation.
// - Capacity counts every current participation (connected, reconnecting or leaving); member 101 is refused with 409 CALL_CONFLICT wherever it would join.
// - Host leaving passes host to the longest-present remaining participation (simulated members included); when nobody remains the call ends.
// - A member's own leave ends the participation at once; a simulated member's leave shows `leaving` for SIM_LEAVING_SECONDS on the campus clock, then removes it.
// - A dropped connection stays `reconnecting` until restored; the campus never removes it on its own.
// - Leaving the stage (stage/leave or stage/demote) turns camera and microphone off; only speakers can turn them on (409 otherwise).
// - Rejoining (simulator or control API) ends the current participation, if any, and creates a new one in the same tab with a new participationId, as audience.
// - Simulated members are generated (`sim_01`, `sim_02`, …, userId derived from the username like the seeds), have no tab and no avatar, and cannot be invited or pick a campus tab.
// - Invitations go to seeded campus members other than the inviter; a member may hold invitations while in another call, but accepting needs them to have left it first.
// - Inviting a member who already holds a pending invitation to the same call replaces it (new five-minute expiry).
// - A pending incoming invitation prevents starting a call (409) until it is accepted, declined or expired.
// - `end` ends the call for everyone: every participation ends and pending invitations to it are cancelled.
// - Actions `decline` and `cancel` (in the schema enum, not described by the spec) answer 400 BAD_USER_INPUT "not supported".

/** Invitations expire five minutes after they are sent (spec 3 states this for activity invitations; calls use the same). */
export const CALL_INVITATION_SECONDS = 300;

/** A simulated member that leaves shows presence `leaving` this long (campus clock) before it is removed. */
export const SIM_LEAVING_SECONDS = 3;

/** The campus page polls its tab's call panel this often. */
export const CALL_POLL_INTERVAL_MS = 1000;

/**
 * Spec 3 "Resulting stage state for each stage action: not shown". `by`: who may ask (the host
 * only, or any member for their own participation); `from`: the role and stage states the
 * moving participation must be in (else 409); `to`: what it becomes. Approval reserves a seat
 * (409 when all six are taken or reserved); join uses the reservation. Only stage/join needs
 * the member's native confirmation; the others apply at once.
 */
export const STAGE_TRANSITIONS = {
  "stage/request": { by: "self", from: { role: "audience", stageState: ["none"] }, to: { role: "audience", stageState: "requested" } },
  "stage/cancel": { by: "self", from: { role: "audience", stageState: ["requested", "approved"] }, to: { role: "audience", stageState: "none" } },
  "stage/approve": { by: "host", from: { role: "audience", stageState: ["requested"] }, to: { role: "audience", stageState: "approved" } },
  "stage/reject": { by: "host", from: { role: "audience", stageState: ["requested", "approved"] }, to: { role: "audience", stageState: "none" } },
  "stage/join": { by: "self", from: { role: "audience", stageState: ["approved"] }, to: { role: "speaker", stageState: "none" } },
  "stage/leave": { by: "self", from: { role: "speaker", stageState: ["none"] }, to: { role: "audience", stageState: "none" } },
  "stage/demote": { by: "host", from: { role: "speaker", stageState: ["none"] }, to: { role: "audience", stageState: "none" } },
} as const;

// ── Calls: grants and approval (spec 2 "Call grant", 3) ──────────────────────────────────────

// - A grant whose approval the member denied reads status `denied` and stays denied; a later attach creates a new grant and asks again.
// - A grant that lost its approval (or whose participation ended before approval) reads status `ended`: participation ended, consent revoked or replaced, registration saved.
// - A token expiring does not end an approval: a fresh login in the same launch keeps the live call and its approval (spec 3), as long as consent and registration are unchanged.
// - Attach while a grant of the same participation awaits approval or is active returns that grant; it asks again only after a denial or the end of the approval.
// - The native approval prompt shows in the campus tab of the participation; Allow or Deny answers every grant of that participation awaiting approval.

// ── Calls: commands (spec 2 Command, 4.5-4.8) ────────────────────────────────────────────────

// - Native confirmation in the member's campus tab (`command-prompt`): start (recipient and role), accept, invite (the inviter confirms the recipient), activityInvite (the inviter selects the members), cameraOn, unmute, stage/join, and also leave and end.
// - Applied at once on creation: cameraOff, mute, playback, stage/request, stage/cancel, stage/approve, stage/reject, stage/leave, stage/demote.
// - Statuses: `pending` on creation; `working` once the member's campus tab has shown its prompt. Then one of `applied`, `declined` (the member declined), `failed` or `expired`. `failed` means a precondition failed when the confirmation was applied; result.code and result.message say why. `expired` means not terminal 60 s after creation (campus clock; lifetimes are exclusive).
// - The command read carries `result` for declined, failed and expired commands; an applied command has none.
// - Host-only actions by another member (403 FORBIDDEN) and call-state conflicts (409 CALL_CONFLICT) are answered at request time and create no command.
// - Idempotency is per app registration (clientId) and member: the same `clientId` with the same endpoint, grant and body answers the same commandId (200); anything else changed is 400 BAD_USER_INPUT.
// - An idempotent retry passes the same access checks as a new request, but no rate limit and no state check.
// - The command limit (30 per launch per minute, sliding window on the campus clock) counts every start, accept and grant-command request that passes validation, except idempotent retries.
// - The invitation limit (5 per member per minute) counts invite commands and starts naming a recipient, when their command is created; the campus page's own start and invite controls are not limited.
// - `Retry-After` is the whole seconds (at least 1) until the oldest request in the window leaves it.
// - A prompt answered after its command expired, or answered twice, is 409 CALL_CONFLICT on the host and control endpoints.
// - `accept` answers the member's newest pending invitation to a current call, fixed when the command is created; if that invitation is gone when confirmed, the command fails.
// - A grant command confirmed after its grant lost approval fails with result code FORBIDDEN; one confirmed after its participation ended fails with CALL_CONFLICT.
// - A native prompt shows only in the campus tab it belongs to: the launch's tab for start and accept, the participation's tab for grant commands.

// ── Calls: the campus page ───────────────────────────────────────────────────────────────────

// - The page's own call controls (start, invitation answers, devices, stage, moderation, leave, end) are the member's native interactions: they apply at once, under the same host-only (403) and call-state (409) rules as commands.
// - Host call endpoints answer with the spec's codes (FORBIDDEN, CALL_CONFLICT) and BAD_REQUEST for bad input, like the launch endpoints.
// - The simulator acts only on simulated members of the call in the page's tab; the control API may simulate any participation (drop, restore, rejoin of a real member too).

// ── Presentations and hosted tiles (spec 2 Presentation, CallPrepare, CallTile; 3; 4.9-4.10; 8) ──

// - Presentation endpoints check in this order. First the call checks above, with scope `calls:read`. Then the grant or presentation belongs to this app and member (else 403 FORBIDDEN, not saying which). Then the grant's participation is in the launch's tab, and the grant is active (403 FORBIDDEN). Then query and body (400), and a tile for an audio-only presentation (400). Then presentation state (409 CALL_CONFLICT). Last, speaker selection and the six-tile limit (400 BAD_USER_INPUT "bad speaker selection").
// - Commit, heartbeat and release take no body: any non-empty body, `{}` included, is 400 (like attach).
// - Presentation endpoints have no rate limit (spec 8 lists none).
// - The commit, heartbeat and release answer is `{ presentationId, status, mode, tiles: [{ tileId, participationId, ready, visible }], restoredReason }` (lib/contract `presentationSchema`).
// - The status after native restoration is `restored`, with `restoredReason`: launchEnded, registrationSaved, consentRevoked, memberLeft, accessLost, tileInvalid, heartbeatMissed or tilesUnready; a release reads `released` with no reason.
// - A restored presentation answers heartbeat and commit with 409 CALL_CONFLICT "presentation restored (<reason>): prepare a new one"; release answers it unchanged (200).
// - A released presentation answers commit with 409 CALL_CONFLICT; heartbeat and release answer it, `released` (200).
// - A repeated commit while `commitRequested` or `app` answers the current status (200), so a retried commit is harmless.
// - Tiles are requested only while `preparing` (409 CALL_CONFLICT after commit). Asking again for the same participationId answers the same tileId with a fresh one-use URL and the new fit and label. Only the newest document of a tile may report.
// - A selected tile whose speaker is no longer a current speaker of the call blocks commit (409) while preparing, and restores the presentation (`tileInvalid`) once committed.
// - Authorization loss or the end of the launch also ends a presentation still `preparing` or `commitRequested`, as `restored` with its reason; nothing was handed over, so the page shows no notice.
// - The handoff to `app` happens once every selected tile has reported ready and visible after the commit; with no tiles (audio-only, or video with nobody on stage) it happens at the next request after the commit.
// - Preparing releases the grant's other presentations still `preparing` or `commitRequested`; one in `app` stays until the new one reaches `app` and is then `released`, so the host hands straight over.
// - A presentation belongs to the launch that prepared it: a reload or remount of the app restores it (`launchEnded`) and the new launch prepares again.
// - The fifteen-second timers start at the handoff. The heartbeat timer restarts at each heartbeat. The tile timer runs while one selected tile is continuously unready or invisible (per tile, not summed over tiles). At exactly 15 s the presentation is restored, dated at the deadline.
// - Heartbeats are accepted in every open status as foreground health; only those after the handoff matter for the timer.
// - While the campus tab is hidden both timers pause; when it is shown they restart from that moment (fresh grace); a tab that never reported counts as visible.
// - Timers are evaluated lazily on the campus clock, where a request reads or changes them; nothing runs in the background. A REST call evaluates the presentations of the grant it names or reads. A host request evaluates, before and after it, its member's presentations and those of the call the member was or is in. A tile document or report evaluates its presentation's grant, before and after a report. Hiding or showing a tab evaluates the tab's first. The control requests that change calls, grants, consents, tabs, the registration or the clock, or that read presentations, evaluate all of them before and after, as does the page's registration save.
// - So no request costs every presentation on the campus, and each reaches the same outcome for what it reads. A loss caused by a host, tile or control request is dated by that request; any other by the next request that evaluates it. Ended presentations are never evaluated again.
// - A campus tab that closes reports hidden, so its presentation's timers stay paused; the app's own exit shows as a launch end or as missed heartbeats while the tab is visible.
// - Tile URLs are `/tiles/<43-character random token>`; a reused, unknown or ended tile URL answers 410 with an HTML page that says so, under the same embedding headers so that it shows inside the app.
// - Tile documents carry `Content-Security-Policy` with `frame-ancestors <appOrigin> <campusOrigin>` (spec 4.10) and scripts, styles and fetches from the campus only, `Referrer-Policy: no-referrer`, and no X-Frame-Options.
// - Tile reports are `POST /tiles/:tileId/report { secret, ready, visible }` from the tile document; the secret is embedded in that campus-origin document, which the app cannot read; a wrong secret, or that of a replaced document, is 403 FORBIDDEN.
// - The local campus carries no media. A tile of another member (simulated or real) shows a generated video (canvas: name, moving pattern, frame counter). Self-view uses the member's camera within the spec 8 bound, and falls back to the generated video. A speaker with the camera off shows a placeholder, which counts as a rendered frame.
// - A tile is ready once its video has shown a frame (or the placeholder). It is visible while the campus tab is visible and at least TILE_VISIBLE_MIN_RATIO of a tile of at least TILE_MIN_SIZE_PX square is in view. A hidden tile stops drawing and disables the camera track.
// - The native presentation of a tab is compact while the newest handed-over presentation of the member in that tab is in `app`. Once it ends, the page names why (`released`, or the restored reason) until a newer one is handed over.
// - Grant reads do not include presentation status.

/**
 * An ended (released or restored) presentation is kept this long, as an ended launch is, so that a
 * late heartbeat or the campus page still hears why it ended; then it is forgotten with its tiles
 * and tile URLs. A call naming a forgotten presentation is 403 FORBIDDEN like any unknown ID, its
 * tile URLs answer 410 and its tile reports 403, and the page no longer names why it ended.
 */
export const ENDED_PRESENTATION_RETENTION_SECONDS = ENDED_LAUNCH_RETENTION_SECONDS;

/** Tile documents report readiness and visibility this often, and at once on a change. */
export const TILE_REPORT_INTERVAL_MS = 2000;

/** A tile report older than this counts as invisible: a removed tile stops reporting. */
export const TILE_REPORT_STALE_SECONDS = 6;

/** Share of a tile that must be in view, and its smallest side in CSS pixels, for it to count as visible. */
export const TILE_VISIBLE_MIN_RATIO = 0.5;
export const TILE_MIN_SIZE_PX = 16;

// ── Activities (spec 2 CallActivity, Activity read, Verified activity entry; 3 "Activity entry"; 4.7, 4.11-4.13; 8) ──

// - The registration result is `{ activityId, label, callId }`, the same shape as the activity read (lib/contract `activityRegisteredSchema`, `activityReadSchema`); neither ever carries the session key.
// - `expiresIn` of the verified entry counts whole seconds; every successful read answers 20 (lib/contract `activityEntrySchema`).
// - Registration checks in this order. First the call checks, with `calls:control`. Then query and body (400): the grant is named in the body, so the body is read before the grant. Then the grant belongs to this app and member (403 FORBIDDEN), and the grant is active (403). Last, its participation is the member's current one in the launch's tab (403).
// - The same app, call and session key register one activity: registering again answers the same activityId and replaces its label, so a retry after a lost answer is harmless.
// - Activity registration and reads have no rate limit (spec 8 lists none).
// - An activity lives as long as its call; it stays usable after the member who registered it leaves.
// - An activity ID that is unknown or of another app answers 403 FORBIDDEN without saying which; one of this app but another call answers 403 FORBIDDEN naming the call mismatch.
// - The activity read checks in this order. First the call checks, with `calls:control`. Then an activity of this app (403). Then the member's participation in the launch's tab is in the activity's call (403). Then the member's current approval of that participation for the app (403). Last, no query (400).
// - Any current member of the call with an active grant may offer an activity of this app and call, not only the member who registered it.
// - activityInvite checks, after the grant-command checks: body (400), an activity of this app and the grant's call (403 FORBIDDEN, retries included), then idempotency, rate limits and call state like every command.
// - The native selection offers the other current members of the call who have a campus tab (simulated members are not offered), all checked; the member may narrow it to one or more of them.
// - activityInvite with nobody else to invite answers 409 CALL_CONFLICT at request time and creates no command; if nobody is left when it is confirmed, the command fails with CALL_CONFLICT.
// - A selection naming the inviter, a non-member, a simulated member, a member twice, or nobody answers 400 (BAD_REQUEST on the page, BAD_USER_INPUT on the control API) and the prompt stays open.
// - A confirmed activityInvite is `applied` with one invitation per selected recipient; its command read carries no result (the control API lists the invitations).
// - The activity offer limit counts one offer per activityInvite command when it is created (not per recipient), per member across launches; the offer also counts toward the 30 commands per launch; idempotent retries count toward neither.
// - A new invitation to the same activity and recipient replaces a pending one (status `replaced`; the new one has a fresh five-minute expiry).
// - An activity invitation shows, and can be accepted, only in the campus tab of the recipient's current participation in the activity's call; elsewhere, or after leaving the call, Accept is 409 CALL_CONFLICT.
// - An activity invitation is valid strictly before 300 s after it was sent (campus clock); Accept or Decline of an expired, declined, replaced or accepted one is 409 CALL_CONFLICT.
// - Accepting is a launch request, `POST /host/launches { tabId, activityInvitationId }`: a new launch of that tab bound to the invitation (the tab's previous launch ends), which the page then mounts.
// - The campus page also mounts a launch of its tab bound to an invitation accepted elsewhere (the control API's accept), as its call panel names it.
// - The entry opens when the invitation is accepted, and its lease starts at the first successful entry read; that first read has no deadline other than the end of the binding.
// - Every successful entry read renews the lease to a full twenty seconds; failed reads renew nothing.
// - The lease is valid strictly before its end: a recheck 19.9 s after the last read succeeds; at 20 s the entry has ended, dated at the lease's end.
// - The entryId stays the same across the rechecks of one entry; a new accepted invitation gives a new entry.
// - An entry ends for good on any of these. Its launch ends: reload, remount, another launch in the tab (launchEnded). A registration save (registrationSaved). The recipient's participation ends: leaving, rejoining, the call ending (memberLeft). The consent of its first read is revoked or replaced (consentRevoked). Its lease lapses (leaseExpired).
// - Permission loss before the first entry read ends nothing: access starts with that read, so a member who consents again in the same launch may still read.
// - Entry read checks in this order. First the call checks, with `calls:read`: revoked consent is 403 ACCESS_REVOKED, and a registration saved or launch ended is 403 APP_UNAVAILABLE. Then an accepted invitation bound to this launch (403 FORBIDDEN). Then the entry has not ended (403 FORBIDDEN, naming why). Then the member's participation in the launch's tab is the one that accepted, with an active grant of this app (403 FORBIDDEN). Last, no query (400).
// - The inviter, and members who did not accept an invitation, have no entry: their entry read is 403 FORBIDDEN; their apps join the session directly.
// - Entries are settled lazily before every request; nothing runs in the background.
// - An entry is kept as long as its launch and forgotten with it (ENDED_LAUNCH_RETENTION_SECONDS after the launch ended): until then the page knows the launch as an activity launch and a read hears why the entry ended. Only entries not yet ended are evaluated.
// - The control API lists activities, invitations and entries without session keys.
