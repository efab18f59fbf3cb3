import "server-only";
import type { Grant } from "@/lib/contract";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { GrantResponse, GrantView } from "@/lib/wire/call-routes";
import { withCall, type CallDeps } from "./with-call";

/**
 * Spec 2 "Call grant": reads the session's grant from the campus. Before any attach there is
 * nothing to read and the answer is `{ grant: null }`, at no cost to the campus.
 */
export function readSessionGrant(credentials: SessionCredentials, deps: CallDeps): Promise<GrantResponse> {
  return withCall(credentials, deps, { scope: "calls:read", grant: "optional" }, async ({ session, grantId }) => {
    if (!grantId) return { grant: null };
    return { grant: toGrantView(await deps.campus.getGrant(session.accessToken, grantId)) };
  });
}

/** The grant without the campus's IDs of the grant and the call: the page needs neither. */
export function toGrantView(grant: Grant): GrantView {
  if (grant.status !== "active") return { status: grant.status };
  const { grantId: _grantId, callId: _callId, ...view } = grant;
  return view;
}
