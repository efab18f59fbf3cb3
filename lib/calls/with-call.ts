import "server-only";
import { verifyAccess, type AccessDeps } from "@/lib/auth/check-access";
import type { CampusApi } from "@/lib/campus-api";
import type { Scope } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import type { SessionCredentials } from "@/lib/session/session-credentials";
import { getVisitorSession, type SessionDeps, type VisitorSession } from "@/lib/session/get-visitor-session";
import { clearingStaleBindings } from "./access-loss";
import type { CallStateStore } from "./call-state-store";

/*
 * The preamble of every call request, written once: the visitor session holding the scope the
 * endpoint needs, the grant the session attached, userinfo before a protected action (spec 4.2),
 * and stale bindings cleared when the campus ends the app's access (spec part 7). A function of a
 * call feature then does only its own step.
 */

type CallScope = Extract<Scope, "calls:read" | "calls:control">;

/** Spec part 7, CALL_CONFLICT: the page refreshes its call state and offers attach. */
export const NO_GRANT = "This app is not attached to your call yet; use the call in this app first";

/** What the preamble needs: the session, the campus's userinfo and the session's call state. */
export type CallDeps = AccessDeps & { campus: CampusApi; callState: CallStateStore };

export type CallRule = {
  /** The scope the endpoint needs (spec 4 table). */
  scope: CallScope;
  /** `required`: no grant is CALL_CONFLICT (NO_GRANT); `optional`: the grant ID if there is one; none: not read. */
  grant?: "required" | "optional";
  /** Runs right after the session is found, before anything else (a member's rate limit). */
  admit?: (session: VisitorSession) => Promise<void>;
  /** Runs after the grant is read, before userinfo: what else the action needs of the session. */
  check?: (session: VisitorSession) => Promise<void>;
  /** Checks userinfo last (spec 4.2: before protected app actions). */
  verify?: boolean;
};

export type CallContext<G> = { session: VisitorSession; grantId: G };

type GrantOf<R extends CallRule> = [R["grant"]] extends ["required"] ? string : [R["grant"]] extends [undefined] ? undefined : string | undefined;

/**
 * Runs `run` for the session's call, after the preamble `rule` declares. What `run` does runs
 * with stale bindings cleared when a campus answer ends access (lib/calls/access-loss.ts).
 */
export async function withCall<R extends CallRule, T>(
  credentials: SessionCredentials,
  deps: CallDeps,
  rule: R,
  run: (call: CallContext<GrantOf<R>>) => Promise<T>,
): Promise<T> {
  const session = await getCallSession(credentials, deps, rule.scope);
  if (rule.admit) await rule.admit(session);
  const grantId = rule.grant ? await getSessionGrantId(session, deps.callState) : undefined;
  if (rule.grant === "required" && !grantId) throw new AppError("CALL_CONFLICT", NO_GRANT);
  if (rule.check) await rule.check(session);
  if (rule.verify) await verifyAccess(session, deps);
  return clearingStaleBindings(session.boundSid, deps.callState, () => run({ session, grantId: grantId as GrantOf<R> }));
}

/**
 * The visitor session of a call request, holding the scope the endpoint needs (spec 4 table).
 * A token without it is refused here, before the campus is asked; the campus rechecks anyway.
 */
export async function getCallSession(credentials: SessionCredentials, deps: SessionDeps, scope: CallScope): Promise<VisitorSession> {
  const session = await getVisitorSession(credentials, deps);
  if (!session.scopes.includes(scope)) {
    throw new AppError("FORBIDDEN", `This needs the ${scope} scope, which you have not approved for this app`);
  }
  return session;
}

/**
 * The session's grant as its current member may use it. A sid outlives its member only in one
 * case (a record ended by a 401, then a login of another member in the same launch); what the
 * previous member attached or sent is then not theirs to use.
 */
export async function getSessionGrantId(session: VisitorSession, callState: Pick<CallStateStore, "getGrant">): Promise<string | undefined> {
  const binding = await callState.getGrant(session.boundSid);
  return binding?.userId === session.member.userId ? binding.grantId : undefined;
}
