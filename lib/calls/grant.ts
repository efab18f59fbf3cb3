import "server-only";
import type { Grant } from "@/lib/contract";
import type { SessionCarrier } from "@/lib/session/carrier";
import type { GrantResponse, GrantView } from "@/lib/wire/calls";
import { withCall, type CallDeps } from "./with-call";

/**
 * Spec 2 "Call grant": reads the session's grant from the campus. Before any attach there is
 * nothing to read and the answer is `{ grant: null }`, at no cost to the campus.
 */
export function readSessionGrant(carrier: SessionCarrier, deps: CallDeps): Promise<GrantResponse> {
  return withCall(carrier, deps, { scope: "calls:read", grant: "optional" }, async ({ session, grantId }) => {
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
