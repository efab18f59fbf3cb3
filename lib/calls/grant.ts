import "server-only";
import type { GrantResponse, GrantView } from "@/lib/wire/calls";
import type { AuthDeps } from "@/lib/auth/deps";
import type { Grant } from "@/lib/contract";
import type { SessionCarrier } from "@/lib/session/carrier";
import { clearingStaleBindings } from "./access-loss";
import { getCallSession } from "./call-session";
import { getSessionGrantId } from "./session-call-state";

/**
 * Spec 2 "Call grant": reads the session's grant from the campus. Before any attach there is
 * nothing to read and the answer is `{ grant: null }`, at no cost to the campus.
 */
export async function readSessionGrant(carrier: SessionCarrier, deps: AuthDeps): Promise<GrantResponse> {
  const session = await getCallSession(carrier, deps, "calls:read");
  const grantId = await getSessionGrantId(session, deps.callState);
  if (!grantId) return { grant: null };
  const grant = await clearingStaleBindings(session.sid, deps.callState, () => deps.campus.getGrant(session.accessToken, grantId));
  return { grant: toGrantView(grant) };
}

/** The grant without the campus's IDs of the grant and the call: the page needs neither. */
export function toGrantView(grant: Grant): GrantView {
  if (grant.status !== "active") return { status: grant.status };
  const { grantId: _grantId, callId: _callId, ...view } = grant;
  return view;
}
