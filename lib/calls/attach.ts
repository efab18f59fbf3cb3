import "server-only";
import type { AttachResponse } from "@/lib/wire/calls";
import type { AuthDeps } from "@/lib/auth/deps";
import { verifyAccess } from "@/lib/auth/check-access";
import type { SessionCarrier } from "@/lib/session/carrier";
import { clearingStaleBindings } from "./access-loss";
import { getCallSession } from "./call-session";

/**
 * Spec 4.4: asks the campus for native approval of the launch's call. The grant ID is kept in the
 * session, replacing an earlier one; the page learns only the grant's status.
 */
export async function attachSessionToCall(carrier: SessionCarrier, deps: AuthDeps): Promise<AttachResponse> {
  const session = await getCallSession(carrier, deps, "calls:read");
  // Spec 4.2: userinfo before a protected action.
  await verifyAccess(session, deps);
  const { grantId, status } = await clearingStaleBindings(session.sid, deps.callState, () =>
    deps.campus.attachToCall(session.accessToken),
  );
  await deps.callState.setGrant(session.sid, { grantId, userId: session.member.userId, attachedAt: deps.now() });
  return { status };
}
