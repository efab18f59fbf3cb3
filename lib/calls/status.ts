import "server-only";
import type { CallStatus } from "@/lib/contract";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import { withCall, type CallDeps } from "./with-call";

/** Spec 4.3: advisory; the page asks on entering or returning to the call view, never in a tight loop. */
export function readCallStatus(credentials: SessionCredentials, deps: CallDeps): Promise<CallStatus> {
  return withCall(credentials, deps, { scope: "calls:read" }, ({ session }) => deps.campus.getCallStatus(session.accessToken));
}
