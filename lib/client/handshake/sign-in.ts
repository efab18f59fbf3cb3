import type { MeResponse } from "@/lib/wire/auth";
import { AppError } from "@/lib/errors";
import { appApi } from "@/lib/client/fetch/app-api";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
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
};

/**
 * Spec 5.3: ready (once per document, shared by every run) → state from the backend →
 * authenticate v2 → login. Exactly one backend request after the handshake; its response carries
 * the member. Every run uses a new state, so a code is never reused.
 */
export async function signInThroughCampus(
  bridge: HostBridge,
  known: LaunchCredentials | null,
  { isCurrent, onLaunch }: SignInRun,
): Promise<SignedInSession> {
  const launchId = known && bridge.campusOrigin ? known.launchId : (await bridge.ready()).launchId;
  const campusOrigin = bridge.campusOrigin;
  if (!campusOrigin) throw new AppError("INTERNAL_SERVER_ERROR", "The campus did not answer");
  // A stale run must not ask for a state or a code: the current run does.
  if (!isCurrent()) throw new HostBridgeError("closed", "A newer sign-in took over");
  onLaunch();

  const launch: LaunchCredentials = {
    launchId,
    sessionHandle: known?.launchId === launchId ? known.sessionHandle : undefined,
  };
  const { state } = await appApi.requestState(launch, { launchId, campusOrigin });
  const reply = await bridge.authenticate({ launchId, state });
  if (reply.state !== state) {
    throw new AppError("BAD_USER_INPUT", "The campus returned a different login state; sign in again");
  }
  const { sessionHandle, ...login } = await appApi.login(launch, { launchId, code: reply.code, state });
  return { launch: { launchId, sessionHandle }, login, campusOrigin };
}
