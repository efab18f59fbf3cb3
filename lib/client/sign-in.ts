import type { MeResponse } from "@/lib/api/schemas";
import { AppError } from "@/lib/errors";
import { appApi } from "./app-api";
import type { LaunchCredentials } from "./fetcher";
import type { HostBridge } from "./host-bridge";

export type SignedInSession = {
  launch: LaunchCredentials;
  login: MeResponse;
  /** The origin that answered `ready` ({campus_origin}): avatars and tile URLs resolve against it. */
  campusOrigin: string;
};

/**
 * Spec 5.3: ready (once per frame) → state from the backend → authenticate v2 → login.
 * Exactly one backend request after the handshake; its response carries the member.
 * Every run uses a new state, so a code is never reused.
 */
export async function signInThroughCampus(
  bridge: HostBridge,
  known: LaunchCredentials | null,
  onLaunch: () => void,
): Promise<SignedInSession> {
  const launchId = known && bridge.campusOrigin ? known.launchId : (await bridge.ready()).launchId;
  const campusOrigin = bridge.campusOrigin;
  if (!campusOrigin) throw new AppError("INTERNAL_SERVER_ERROR", "The campus did not answer");
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
