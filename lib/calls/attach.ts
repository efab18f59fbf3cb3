import "server-only";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import type { AttachResponse } from "@/lib/wire/call-routes";
import { withCall, type CallDeps } from "./with-call";

/**
 * Spec 4.4: asks the campus for native approval of the launch's call. The grant ID is kept in the
 * session, replacing an earlier one; the page learns only the grant's status.
 */
export function attachSessionToCall(credentials: SessionCredentials, deps: CallDeps): Promise<AttachResponse> {
  return withCall(credentials, deps, { scope: "calls:read", verify: true }, async ({ session }) => {
    const { grantId, status } = await deps.campus.attachToCall(session.accessToken);
    await deps.callState.setGrant(session.boundSid, { grantId, userId: session.member.userId, attachedAt: deps.now() });
    return { status };
  });
}
