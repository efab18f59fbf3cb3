import "server-only";
import type { Scope } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import type { SessionCarrier } from "@/lib/session/carrier";
import { getVisitorSession, type SessionDeps, type VisitorSession } from "@/lib/session/get-visitor-session";

type CallScope = Extract<Scope, "calls:read" | "calls:control">;

/**
 * The visitor session of a call request, holding the scope the endpoint needs (spec 4 table).
 * A token without it is refused here, before the campus is asked; the campus rechecks anyway.
 */
export async function getCallSession(carrier: SessionCarrier, deps: SessionDeps, scope: CallScope): Promise<VisitorSession> {
  const session = await getVisitorSession(carrier, deps);
  if (!session.scopes.includes(scope)) {
    throw new AppError("FORBIDDEN", `This needs the ${scope} scope, which you have not approved for this app`);
  }
  return session;
}
