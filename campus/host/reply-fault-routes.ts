import { Hono } from "hono";
import { z } from "zod";
import type { HostMethod } from "../../lib/contract";
import { createPrefixedId } from "../core/ids";
import { tabIdSchema } from "../core/tab-id";
import { validateJson } from "../core/validate-json";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import type { CampusState } from "../state/campus-state";
import type { MessageFault, ReplyFault } from "../state/faults";
import type { CampusMember } from "../state/members";
import { resolveMember } from "./member-cookie";

const METHODS = ["ready", "authenticate"] as const satisfies readonly HostMethod[];
const takeSchema = z.strictObject({ tabId: tabIdSchema, method: z.enum(METHODS) });

/**
 * A launch that is not the frame's current one: the tab's newest ended launch of this member, or,
 * in a tab that has none yet, an ID the campus never issued. Either way `authenticate` refuses it.
 */
function findStaleLaunchId(state: CampusState, member: CampusMember, tabId: string): string {
  const ended = state.launches
    .listLaunches()
    .filter((launch) => launch.tabId === tabId && launch.userId === member.userId && launch.endedAt !== null)
    .at(-1);
  return ended?.launchId ?? createPrefixedId("lch");
}

function describeReplyFault(fault: MessageFault, stale: () => string): ReplyFault {
  switch (fault.kind) {
    case "delay":
      return { kind: "delay", delayMs: fault.delayMs };
    case "staleLaunch":
      return { kind: "staleLaunch", launchId: stale() };
    default:
      return { kind: fault.kind };
  }
}

/**
 * Reply faults (control API, `endpoint` "ready" or "authenticate"), mounted at /host/reply-faults.
 * The page asks before it answers each message, which spends one use of the first armed rule.
 */
export function createReplyFaultRoutes(context: CampusContext) {
  return new Hono<CampusEnv>().post("/take", validateJson(takeSchema, "BAD_REQUEST"), (c) => {
    const { tabId, method } = c.req.valid("json");
    const fault = context.state.faults.takeMessageFault(method);
    if (!fault) return c.json({ fault: null });
    const member = resolveMember(c, context.state);
    return c.json({ fault: describeReplyFault(fault, () => findStaleLaunchId(context.state, member, tabId)) });
  });
}
