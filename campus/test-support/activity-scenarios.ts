import { expect } from "vitest";
import type { ActivityEntry, ActivityRegistered } from "../../lib/contract";
import { activityEntrySchema, activityRegisteredSchema } from "../../lib/contract";
import type { Campus } from "../app";
import type { describeActivities } from "../control/describe-activities";
import type { TestMember } from "./call-scenarios";
import { answerPrompt, approveCall, callApi, callWithGrants, callWithMembers, queueCommand } from "./call-scenarios";
import { getSeededUserId } from "../state/members";
import { exchangeCode, readJson, send } from "./test-campus";

/** Fixtures for activity tests: registration and reads through REST, invitations through the native prompt. */

export type ControlActivities = ReturnType<typeof describeActivities>;

export const SESSION_KEY = "srv-session-3f9c2a71";
export const LABEL = "Team quiz";

export function postActivity(member: TestMember, body: Record<string, unknown> = {}): Promise<Response> {
  return callApi(member, "POST", "/activities", { grantId: member.grantId, sessionKey: SESSION_KEY, label: LABEL, ...body });
}

export async function registerActivity(member: TestMember, body: Record<string, unknown> = {}): Promise<ActivityRegistered> {
  const response = await postActivity(member, body);
  expect(response.status).toBe(200);
  return activityRegisteredSchema.parse(await response.json());
}

export const getActivity = (member: TestMember, activityId: string) => callApi(member, "GET", `/activities/${activityId}`);
export const getEntry = (member: TestMember, query = "") => callApi(member, "GET", `/activity-entry${query}`);

export async function readEntry(member: TestMember): Promise<ActivityEntry> {
  const response = await getEntry(member);
  expect(response.status).toBe(200);
  return activityEntrySchema.parse(await response.json());
}

/** activityInvite: the native prompt waits in the inviter's campus tab; answers its commandId. */
export const offerActivity = (member: TestMember, activityId: string) => queueCommand(member, "activityInvite", { activityId });

export async function readControlActivities(campus: Campus): Promise<ControlActivities> {
  return readJson<ControlActivities>(await send(campus, "GET", "/control/activities"));
}

/** A call of these members, all approved, with an activity that the first (the host) registered. */
export async function activityCall<const U extends string>(usernames: readonly U[]) {
  const fixture = await callWithGrants(usernames);
  const host = fixture[usernames[0]!];
  const { activityId } = await registerActivity(host);
  return { ...fixture, activityId };
}

/** The same, but only the host approved: the others are in the call without a grant. */
export async function activityCallWithoutApproval<const U extends string>(usernames: readonly U[]) {
  const fixture = await callWithMembers(usernames);
  const host = fixture[usernames[0]!];
  await approveCall(host);
  const { activityId } = await registerActivity(host);
  return { ...fixture, activityId };
}

/** The inviter offers the activity and confirms the native sheet (default: every other current member). */
export async function inviteToActivity(inviter: TestMember, activityId: string, choice: Record<string, unknown> = {}) {
  const commandId = await offerActivity(inviter, activityId);
  expect((await answerPrompt(inviter.campus, commandId, "confirm", choice)).status).toBe(200);
  const { invitations } = await readControlActivities(inviter.campus);
  return { commandId, invitations: invitations.filter((invitation) => invitation.commandId === commandId) };
}

/** The recipient's Accept in its campus tab: a new launch bound to the invitation, as the page asks for it. */
export function acceptInvitation(recipient: TestMember, invitationId: string, tabId = recipient.tabId): Promise<Response> {
  return send(recipient.campus, "POST", "/host/launches", { json: { tabId, activityInvitationId: invitationId }, member: recipient.username });
}

/** The app's normal login in an existing launch: ready gave it the launch; authenticate, code, token. */
export async function logInOnLaunch(campus: Campus, username: string, tabId: string, launchId: string): Promise<TestMember> {
  const path = `/host/launches/${launchId}`;
  const need = await readJson<{ consent: string }>(await send(campus, "POST", `${path}/authorize`, { json: { tabId }, member: username }));
  const consent = need.consent === "remembered" ? "remembered" : "approved";
  const codeResponse = await send(campus, "POST", `${path}/codes`, { json: { tabId, state: "state-1234", consent }, member: username });
  const { code } = await readJson<{ code: string }>(codeResponse);
  const { access_token: accessToken } = await readJson<{ access_token: string }>(await exchangeCode(campus, code));
  return { campus, username, userId: getSeededUserId(username), tabId, launchId, accessToken, participationId: "", grantId: "" };
}

/**
 * The whole recipient side: Accept remounts the app in a new launch, which logs in, attaches and
 * (if needed) gets approval. Answers the recipient as that new launch.
 */
export async function enterActivity(recipient: TestMember, invitationId: string, { approve = true } = {}): Promise<TestMember> {
  const response = await acceptInvitation(recipient, invitationId);
  expect(response.status).toBe(200);
  const { launchId } = await readJson<{ launchId: string }>(response);
  const guest = await logInOnLaunch(recipient.campus, recipient.username, recipient.tabId, launchId);
  guest.participationId = recipient.participationId;
  if (approve) await approveCall(guest);
  return guest;
}

/** A call of ada (host, registered the activity) and grace, with grace inside the activity through an accepted invitation. */
export async function enteredActivity() {
  const fixture = await activityCall(["ada", "grace"]);
  const { invitations } = await inviteToActivity(fixture.ada, fixture.activityId);
  const invitationId = invitations[0]!.invitationId;
  const guest = await enterActivity(fixture.grace, invitationId);
  return { ...fixture, invitationId, guest };
}
