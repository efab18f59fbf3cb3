import "server-only";
import type { AuthDeps } from "@/lib/auth/deps";
import type { CallStatus } from "@/lib/contract";
import type { SessionCarrier } from "@/lib/session/carrier";
import { clearingStaleBindings } from "./access-loss";
import { getCallSession } from "./call-session";

/** Spec 4.3: advisory; the page asks on entering or returning to the call view, never in a tight loop. */
export async function readCallStatus(carrier: SessionCarrier, deps: AuthDeps): Promise<CallStatus> {
  const session = await getCallSession(carrier, deps, "calls:read");
  return clearingStaleBindings(session.sid, deps.callState, () => deps.campus.getCallStatus(session.accessToken));
}
