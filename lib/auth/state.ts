import "server-only";
import type { StateRequest } from "@/lib/wire/auth-routes";
import { AppError } from "@/lib/errors";
import { addressNetworks } from "@/lib/security/address-networks";
import { randomToken, sha256Hex } from "@/lib/security/random";
import { assertSameLaunch, readSessionHandle, type SessionCredentials } from "@/lib/session/session-credentials";
import { sealHandle } from "@/lib/session/handle";
import { getLiveSession } from "@/lib/session/lifetime";
import type { PendingState, SessionRecord } from "@/lib/session/records";
import type { SessionSecret } from "@/lib/session/secrets";
import type { VersionedStore } from "@/lib/store/ttl-store";
import type { PendingStateStore } from "./pending-states";

/** What issuing and consuming a login state needs. */
export type StateDeps = {
  sessions: VersionedStore<SessionRecord>;
  pendingStates: PendingStateStore;
  /** CAMPUS_ORIGINS: the host origins the app trusts. */
  campusOrigins: readonly string[];
  sessionSecret: SessionSecret;
  now: () => number;
};

/** A login state outlives the code it waits for (60 s) with room for the member to read the consent dialog. */
export const STATE_TTL_SECONDS = 5 * 60;

export const INVALID_STATE = "The login state is invalid or expired; start again";

/** The store key: only a hash of the state is kept, so the store never holds a usable state. */
const stateKey = (state: string) => `state:${sha256Hex(state)}`;

/**
 * Spec 5.3.3: issues a random challenge bound to this browser. A live session of the launch is
 * what the login will renew: the state names it, and no handle is sealed (nothing here extends a
 * session). Otherwise the state names a fresh ID that no session has, and its handle goes to the
 * launch's cookie, so that the login can show it came back through the same browser. The state
 * counts against the networks of `clientAddress` (readClientAddress): with too many pending, the
 * network holding the most loses its oldest, and this one is kept (lib/auth/pending-states.ts).
 */
export async function issueState(
  input: StateRequest,
  credentials: SessionCredentials,
  deps: StateDeps,
  clientAddress: string,
): Promise<{ state: string; handle: string | undefined }> {
  assertSameLaunch(credentials, input.launchId);
  if (!deps.campusOrigins.includes(input.campusOrigin)) {
    throw new AppError("BAD_USER_INPUT", "The campus origin is not one this app trusts");
  }
  const current = await readSessionHandle(credentials, deps.sessionSecret);
  const live = current && (await getLiveSession(deps.sessions, current.sid, input.launchId, deps.now()));
  const sid = live ? live.sid : randomToken();
  const state = randomToken();
  const pending: PendingState = {
    sid,
    renewal: Boolean(live),
    launchId: input.launchId,
    campusOrigin: input.campusOrigin,
    expiresAt: deps.now() + STATE_TTL_SECONDS * 1000,
  };
  await deps.pendingStates.add(stateKey(state), pending, STATE_TTL_SECONDS, addressNetworks(clientAddress));
  const handle = live ? undefined : await sealHandle({ sid, launchId: input.launchId }, deps.sessionSecret);
  return { state, handle };
}

/** Spec 5.3.5: validates and consumes the state, once. Any failure reads the same to the caller. */
export async function consumeState(state: string, launchId: string, deps: Pick<StateDeps, "pendingStates" | "now">): Promise<PendingState> {
  const pending = await deps.pendingStates.take(stateKey(state));
  if (!pending || pending.expiresAt <= deps.now() || pending.launchId !== launchId) {
    throw new AppError("BAD_USER_INPUT", INVALID_STATE);
  }
  return pending;
}
