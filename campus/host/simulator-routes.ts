import { Hono } from "hono";
import { z } from "zod";
import { addSimulatedMembers, simulate, SIMULATOR_OPERATIONS } from "../calls/simulator";
import { requireCurrentCall } from "../calls/participation";
import { readCallPanel } from "./call-panel";
import type { CampusContext } from "../http/context";
import { restError } from "../core/errors";
import type { CampusEnv } from "../http/hono-env";
import type { CampusMember } from "../state/members";
import { tabRequestSchema } from "../core/tab-id";
import { validateJson } from "../core/validate-json";
import { resolveMember } from "./member-cookie";

const operationSchema = z.enum(SIMULATOR_OPERATIONS);

/** The simulator panel of the campus page, mounted at /host/call/simulator: it acts on the call of the member in this tab. */
export function createSimulatorRoutes(context: CampusContext) {
  const tabCall = (member: CampusMember, tabId: string) => {
    const participation = context.state.calls.findCurrentParticipation(member.userId);
    if (participation?.tabId !== tabId) throw restError("CALL_CONFLICT", "The member has no call in this campus tab");
    return requireCurrentCall(context.state, participation.callId);
  };

  return new Hono<CampusEnv>()
    .post("/members", validateJson(tabRequestSchema, "BAD_REQUEST"), (c) => {
      const { tabId } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      addSimulatedMembers(context.state, tabCall(member, tabId), 1);
      return c.json(readCallPanel(context.state, context.clock, member, tabId));
    })
    .post("/members/:participationId/:operation", validateJson(tabRequestSchema, "BAD_REQUEST"), (c) => {
      const { tabId } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      const operation = operationSchema.safeParse(c.req.param("operation"));
      if (!operation.success) throw restError("BAD_USER_INPUT", `Unknown simulator operation; use ${SIMULATOR_OPERATIONS.join(", ")}`);
      const call = tabCall(member, tabId);
      const target = call.participations.find((participation) => participation.participationId === c.req.param("participationId"));
      if (!target?.simulated) throw restError("CALL_CONFLICT", "No simulated participation with this ID is in this call");
      simulate(context.state, context.clock, target, operation.data);
      return c.json(readCallPanel(context.state, context.clock, member, tabId));
    });
}
