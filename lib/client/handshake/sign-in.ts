import { authLoginRoute, authStateRoute, type MeResponse } from "@/lib/wire/auth-routes";
import { AppError } from "@/lib/errors";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { markStep } from "@/lib/client/timing/timing-marks";
import { HostBridgeError, type HostBridge } from "./host-bridge";

export type SignedInSession = {
  launch: LaunchCredentials;
  login: MeResponse;
  /** The origin that answered `ready` ({campus_origin}): avatars and tile URLs resolve against it. */
  campusOrigin: string;
};

export type SignInRun = {
  /** False once a newer run, a sign-out or an unmount took over: the run stops before its next step. */
  isCurrent: () => boolean;
  /** The launch is known; the member may now see the consent dialog. */
  onLaunch: () => void;
  /**
   * The campus has given a code and the login leaves for the backend: until it answers (the code's
   * exchange and the member's read at the campus), the frame has nothing to do.
   */
  onCode?: () => void;
  /** The campus has not answered `ready` yet, after every re-send: the run goes on waiting (host-bridge.ts). */
  onNoAnswer?: (error: HostBridgeError) => void;
};

/**
 * Spec 5.3: ready (once per document, shared by every run) → state from the backend →
 * authenticate v2 → login. Exactly one backend request after the handshake; its response carries
 * the member. Every run uses a new state, so a code is never reused.
 *
 * A launch the campus refuses as not the frame's (INVALID_LAUNCH) is asked for once more with
 * `ready`: an answer that was stale, or a launch that ended under a known one, gives way to the
 * frame's current launch. A second refusal is reported.
 */
export async function signInThroughCampus(bridge: HostBridge, known: LaunchCredentials | null, run: SignInRun): Promise<SignedInSession> {
  try {
    return await signInOnce(bridge, known, run, false);
  } catch (error) {
    if (!isRefusedLaunch(error) || !run.isCurrent()) throw error;
    return signInOnce(bridge, known, run, true);
  }
}

function isRefusedLaunch(error: unknown): boolean {
  return error instanceof HostBridgeError && error.kind === "host-error" && error.hostCode === "INVALID_LAUNCH";
}

async function signInOnce(
  bridge: HostBridge,
  known: LaunchCredentials | null,
  { isCurrent, onLaunch, onCode, onNoAnswer }: SignInRun,
  askAgain: boolean,
): Promise<SignedInSession> {
  const launchId = known && bridge.campusOrigin && !askAgain ? known.launchId : (await bridge.ready({ again: askAgain, onNoAnswer })).launchId;
  const campusOrigin = bridge.campusOrigin;
  if (!campusOrigin) throw new AppError("INTERNAL_SERVER_ERROR", "The campus did not answer");
  // A stale run must not ask for a state or a code: the current run does.
  if (!isCurrent()) throw new HostBridgeError("closed", "A newer sign-in took over");
  onLaunch();

  const launch: LaunchCredentials = {
    launchId,
    sessionHandle: known?.launchId === launchId ? known.sessionHandle : undefined,
  };
  const { state } = await fetchRoute(authStateRoute.POST, launch, { body: { launchId, campusOrigin } });
  markStep("state answered");
  const reply = await bridge.authenticate({ launchId, state });
  if (reply.state !== state) {
    throw new AppError("BAD_USER_INPUT", "The campus returned a different login state; sign in again");
  }
  const loginAnswer = fetchRoute(authLoginRoute.POST, launch, { body: { launchId, code: reply.code, state } });
  onCode?.();
  const { sessionHandle, ...login } = await loginAnswer;
  markStep("login answered");
  return { launch: { launchId, sessionHandle }, login, campusOrigin };
}
