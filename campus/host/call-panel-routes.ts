import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { callActionSchema, callRoleSchema, LIMITS } from "../../lib/contract";
import { validateActivityChoice } from "../activities/activity-offers";
import { performCallAction, validateActionInput } from "../calls/call-actions";
import { requireInvitationRecipient } from "../calls/call-members";
import { readCallPanel } from "./call-panel";
import { confirmCommand, declineCommand } from "../commands/answer-command";
import { answerApproval } from "../calls/grant-approval";
import { acceptInvitation, declineInvitation, sendInvitation } from "../calls/call-invitations";
import { openCall } from "../calls/participation";
import type { CampusContext } from "../http/context";
import { CampusError, restError } from "../core/errors";
import type { CampusEnv } from "../http/hono-env";
import type { CampusMember } from "../state/members";
import { tabIdSchema, tabRequestSchema } from "../core/tab-id";
import { validateJson } from "../core/validate-json";
import { resolveMember } from "./member-cookie";

const userIdSchema = z.string().min(1).max(128);
const startSchema = tabRequestSchema.extend({ recipientId: userIdSchema.optional(), role: callRoleSchema.optional() });
const actionSchema = tabRequestSchema.extend({ action: callActionSchema, targetId: z.string().min(1).max(128).optional() });
const approvalSchema = tabRequestSchema.extend({ decision: z.enum(["allow", "deny"]) });
const confirmSchema = startSchema.extend({ recipientIds: z.array(userIdSchema).max(LIMITS.callCapacity).optional() });

/**
 * The native call panel of the campus page (not part of the spec API): the member comes from the
 * cookie and the tab from the body, as for launches. Every answer is the tab's new panel. Mounted at /host/call.
 */
export function createCallPanelRoutes(context: CampusContext) {
  const panel = (c: Context, member: CampusMember, tabId: string) => c.json(readCallPanel(context.state, context.clock, member, tabId));
  const ownParticipation = (member: CampusMember, tabId: string) => {
    const participation = context.state.calls.findCurrentParticipation(member.userId);
    if (participation?.tabId !== tabId) throw restError("CALL_CONFLICT", "The member has no call in this campus tab");
    return participation;
  };
  const ownPrompt = (member: CampusMember, tabId: string, commandId: string) => {
    const command = context.state.commands.findCommand(commandId);
    if (command?.userId !== member.userId || command.tabId !== tabId) throw restError("CALL_CONFLICT", "No prompt with this ID is open in this tab");
    return command;
  };

  return new Hono<CampusEnv>()
    .get("/", (c) => {
      const tabId = tabIdSchema.safeParse(c.req.query("tabId"));
      if (!tabId.success) throw new CampusError("BAD_REQUEST", 400, "tabId is required");
      return panel(c, resolveMember(c, context.state), tabId.data);
    })
    .post("/start", validateJson(startSchema, "BAD_REQUEST"), (c) => {
      const { tabId, recipientId, role } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      if (recipientId !== undefined) requireInvitationRecipient(context.state, recipientId, member.userId);
      const { host } = openCall(context.state, { userId: member.userId, tabId });
      if (recipientId !== undefined) sendInvitation(context.state, host, { recipientId, role });
      return panel(c, member, tabId);
    })
    .post("/invitations/:invitationId/:answer{accept|decline}", validateJson(tabRequestSchema, "BAD_REQUEST"), (c) => {
      const { tabId } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      const invitation = context.state.invitations.findInvitation(c.req.param("invitationId"));
      if (c.req.param("answer") === "accept") acceptInvitation(context.state, { invitation, member, tabId });
      else declineInvitation(context.state, { invitation, member });
      return panel(c, member, tabId);
    })
    .post("/actions", validateJson(actionSchema, "BAD_REQUEST"), (c) => {
      const { tabId, action, targetId } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      validateActionInput(action, targetId);
      performCallAction(context.state, context.clock, ownParticipation(member, tabId), action, targetId);
      return panel(c, member, tabId);
    })
    .post("/approval", validateJson(approvalSchema, "BAD_REQUEST"), (c) => {
      const { tabId, decision } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      answerApproval(context.state, ownParticipation(member, tabId), decision);
      return panel(c, member, tabId);
    })
    .post("/prompts/:commandId/confirm", validateJson(confirmSchema, "BAD_REQUEST"), (c) => {
      const { tabId, ...choice } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      if (choice.recipientId !== undefined) requireInvitationRecipient(context.state, choice.recipientId, member.userId);
      const command = ownPrompt(member, tabId, c.req.param("commandId"));
      if (choice.recipientIds !== undefined) validateActivityChoice(context.state, command, choice.recipientIds);
      confirmCommand(context.state, context.clock, command, choice);
      return panel(c, member, tabId);
    })
    .post("/prompts/:commandId/decline", validateJson(tabRequestSchema, "BAD_REQUEST"), (c) => {
      const { tabId } = c.req.valid("json");
      const member = resolveMember(c, context.state);
      declineCommand(context.clock, ownPrompt(member, tabId, c.req.param("commandId")));
      return panel(c, member, tabId);
    });
}
