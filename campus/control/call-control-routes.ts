import { toIsoTime } from "../core/clock";
import { Hono } from "hono";
import { validateActivityChoice } from "../activities/activity-offers";
import { requireInvitationRecipient } from "../calls/call-members";
import { confirmCommand, declineCommand, toCommandRead } from "../commands/answer-command";
import { describeCall } from "./describe-calls";
import { readGrant } from "../calls/grant-read";
import { answerApproval } from "../calls/grant-approval";
import { joinCall, openCall, requireCurrentCall } from "../calls/participation";
import { addSimulatedMembers, simulate, SIMULATOR_OPERATIONS } from "../calls/simulator";
import type { CampusContext } from "../http/context";
import { CampusError } from "../core/errors";
import type { CampusEnv } from "../http/hono-env";
import { isCurrentLaunch } from "../state/launches";
import type { CampusMember } from "../state/members";
import { settleAllAround } from "../presentations/settle-all-around";
import { validateJson } from "../core/validate-json";
import { addMembersSchema, answerPromptSchema, startCallSchema } from "./call-schemas";

const badInput = (message: string) => new CampusError("BAD_USER_INPUT", 400, message);
const notFound = (message: string) => new CampusError("NOT_FOUND", 404, message);

/** The control API for calls (campus/README.md): start, join, simulate, and answer native prompts. */
export function createControlCallRoutes(context: CampusContext) {
  const findMember = (username: string) => {
    const member = context.state.members.findByUsername(username);
    if (!member) throw badInput(`username: no campus member is called ${username}`);
    return member;
  };
  /** Default tab: the tab of the member's most recent current launch. */
  const resolveTab = (member: CampusMember, tabId: string | undefined) => {
    if (tabId !== undefined) return tabId;
    const { generation } = context.state.registration.getRegistration();
    const launch = context.state.launches
      .listCurrentLaunches(member.userId)
      .filter((candidate) => isCurrentLaunch(candidate, generation))
      .at(-1);
    if (!launch) throw badInput(`tabId: ${member.username} has no current launch; give a tabId`);
    return launch.tabId;
  };
  const findCall = (callId: string) => {
    if (!context.state.calls.findCall(callId)) throw notFound(`No call ${callId}`);
    return requireCurrentCall(context.state, callId);
  };

  // policy.ts: a change to a call or a grant reaches the presentations of any member in it.
  const settled = settleAllAround(context);
  return new Hono<CampusEnv>()
    // Every command the campus holds, so that tests can count what a retry created.
    .get("/commands", (c) =>
      c.json({
        commands: context.state.commands.listCommands().map((command) => ({
          commandId: command.commandId,
          kind: command.kind,
          ...command.parameters,
          status: command.status,
          username: context.state.members.findByUserId(command.userId)?.username ?? null,
          createdAt: toIsoTime(command.createdAt),
        })),
      }),
    )
    .get("/calls", (c) => c.json({ calls: context.state.calls.listCalls().map((call) => describeCall(context.state, call)) }))
    .post("/calls", settled, validateJson(startCallSchema, "BAD_USER_INPUT"), (c) => {
      const { username, tabId } = c.req.valid("json");
      const member = findMember(username);
      const { call, host } = openCall(context.state, { userId: member.userId, tabId: resolveTab(member, tabId) });
      return c.json({ callId: call.callId, participationId: host.participationId });
    })
    .post("/calls/:callId/members", settled, validateJson(addMembersSchema, "BAD_USER_INPUT"), (c) => {
      const body = c.req.valid("json");
      const call = findCall(c.req.param("callId"));
      if ("simulated" in body) {
        const added = addSimulatedMembers(context.state, call, body.count);
        return c.json({ participationIds: added.map((participation) => participation.participationId) });
      }
      const member = findMember(body.username);
      const joined = joinCall(context.state, call, { userId: member.userId, tabId: resolveTab(member, body.tabId), simulated: false, role: body.role ?? null });
      return c.json({ participationIds: [joined.participationId] });
    })
    .post("/calls/:callId/members/:participationId/:operation", settled, (c) => {
      const call = findCall(c.req.param("callId"));
      const operation = SIMULATOR_OPERATIONS.find((candidate) => candidate === c.req.param("operation"));
      if (!operation) throw notFound(`Unknown member operation; use ${SIMULATOR_OPERATIONS.join(", ")}`);
      const target = call.participations.find((participation) => participation.participationId === c.req.param("participationId"));
      if (!target) throw notFound("No such participation in this call");
      const result = simulate(context.state, context.clock, target, operation);
      return c.json({ participationId: result.participationId, call: describeCall(context.state, call) });
    })
    .post("/commands/:commandId/:answer{confirm|decline}", settled, validateJson(answerPromptSchema, "BAD_USER_INPUT"), (c) => {
      const command = context.state.commands.findCommand(c.req.param("commandId"));
      if (!command) throw notFound("No such command");
      if (c.req.param("answer") === "decline") return c.json(toCommandRead(context.clock, declineCommand(context.clock, command)));
      const choice = c.req.valid("json");
      if (choice.recipientId !== undefined) requireInvitationRecipient(context.state, choice.recipientId, command.userId);
      if (choice.recipientIds !== undefined) validateActivityChoice(context.state, command, choice.recipientIds);
      return c.json(toCommandRead(context.clock, confirmCommand(context.state, context.clock, command, choice)));
    })
    .post("/grants/:grantId/:answer{allow|deny}", settled, (c) => {
      const grant = context.state.grants.findGrant(c.req.param("grantId"));
      const participation = grant && context.state.calls.findParticipation(grant.participationId);
      if (!grant || !participation) throw notFound("No such grant");
      answerApproval(context.state, participation, c.req.param("answer") === "allow" ? "allow" : "deny");
      return c.json(readGrant(context.state, grant));
    });
}
