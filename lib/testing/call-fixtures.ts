// Call fixtures: statuses, grants, participants, commands and a signed-in session with call scopes, each in one line.
import type { ActiveGrantView } from "@/lib/wire/call-routes";
import type { ActiveGrant, CallParticipant, Command, Presentation, Scope } from "@/lib/contract";
import type { ServerDeps } from "@/lib/server/deps";
import { sealHandle } from "@/lib/session/handle";
import { aCampus, sessionCredentialsFor, aMember, authDeps, CAMPUS_ORIGIN, TEST_SECRET } from "./fixtures";

type FakeRoute = (request: Request) => Response | Promise<Response>;

export const GRANT_ID = "grt_1";
export const CALL_SCOPES: Scope[] = ["calls:read", "calls:control"];

export function aParticipant(overrides: Partial<CallParticipant> = {}): CallParticipant {
  return {
    userId: "usr_ada",
    participationId: "par_ada",
    username: "ada",
    avatarUrl: "/avatars/ada.svg",
    role: "speaker",
    presence: "connected",
    stageState: "none",
    ...overrides,
  };
}

export function anActiveGrant(overrides: Partial<ActiveGrant> = {}): ActiveGrant {
  return {
    grantId: GRANT_ID,
    status: "active",
    callId: "call_1",
    participationId: "par_ada",
    hostUserId: "usr_ada",
    role: "speaker",
    stageState: "none",
    capacity: { members: 1, maxMembers: 100, speakerSeats: 6, seatsTaken: 1 },
    participants: [aParticipant()],
    media: { camera: false, microphone: false, playbackMuted: false, connection: "connected", speakers: [] },
    ...overrides,
  };
}

/** The active grant as the page sees it: no grant ID, no call ID. */
export function anActiveGrantView(overrides: Partial<ActiveGrantView> = {}): ActiveGrantView {
  const { grantId: _grantId, callId: _callId, ...view } = anActiveGrant();
  return { ...view, ...overrides };
}

export function aCommand(overrides: Partial<Command> = {}): Command {
  return { commandId: "cmd_1", status: "pending", ...overrides };
}

export function aPresentation(overrides: Partial<Presentation> = {}): Presentation {
  return {
    presentationId: "prs_1",
    status: "commitRequested",
    mode: "video",
    tiles: [{ tileId: "til_1", participationId: "par_ada", ready: true, visible: true }],
    restoredReason: null,
    ...overrides,
  };
}

export const campusError = (code: string, status: number, message = "refused", headers: HeadersInit = {}) =>
  Response.json({ error: { code, message } }, { status, headers });

/** Dependencies of the call functions against a fake campus; sleeps are recorded, never waited. */
export function callDeps(options: { routes?: Record<string, FakeRoute>; now?: () => number; clientIds?: string[] } = {}) {
  const campus = aCampus({ member: aMember({ scopes: CALL_SCOPES }), routes: options.routes });
  const sleeps: number[] = [];
  let refs = 0;
  let clientIds = 0;
  const deps = authDeps({
    fetch: campus.fetch,
    now: options.now,
    newClientId: () => options.clientIds?.[clientIds++] ?? `client-id-${String(++clientIds).padStart(8, "0")}-of-a-test`,
    newRef: () => `ref${++refs}`,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
  });
  return { deps, campus, sleeps };
}

/** A signed-in launch with the given scopes, stored directly: the credentials of its API requests and its sid. */
export async function aCallSession(deps: ServerDeps, options: { scopes?: Scope[]; grantId?: string } = {}) {
  const sid = "sid_1";
  const now = deps.now();
  await deps.sessions.set(
    sid,
    {
      sid,
      version: 1,
      launchId: "launch-1",
      campusOrigin: CAMPUS_ORIGIN,
      accessToken: "tok_secret",
      tokenExpiresAt: now + 900_000,
      scopes: options.scopes ?? CALL_SCOPES,
      member: aMember({ scopes: options.scopes ?? CALL_SCOPES }),
      createdAt: now,
      lastSeenAt: now,
    },
    900,
  );
  if (options.grantId) await deps.callState.setGrant(sid, { grantId: options.grantId, userId: "usr_ada", attachedAt: now });
  const handle = await sealHandle({ sid, launchId: "launch-1" }, TEST_SECRET);
  return { sid, credentials: sessionCredentialsFor("launch-1", { cookie: handle }) };
}

/** The campus requests other than userinfo, as "METHOD path". */
export function callRequests(requests: Request[]): string[] {
  return requests.map((request) => `${request.method} ${new URL(request.url).pathname}`).filter((line) => !line.endsWith("/userinfo"));
}
