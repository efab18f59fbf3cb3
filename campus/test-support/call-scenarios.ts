import { expect } from "vitest";
import type { AttachResult, CallStatus, Command, CommandKind, Grant } from "../../lib/contract";
import { attachResultSchema, callStatusSchema, commandAcceptedSchema, commandSchema, grantSchema } from "../../lib/contract";
import type { Campus } from "../app";
import type { CallPanel } from "../host/call-panel";
import type { describeCall } from "../control/describe-calls";
import type { RegistrationInput } from "../state/registration";
import { getSeededUserId } from "../state/members";
import { createTestCampus, issueToken, readJson, send } from "./test-campus";

/** Fixtures for call tests: members logged in through the real iframe login, calls through the control API. */

export type TestMember = {
  campus: Campus;
  username: string;
  userId: string;
  tabId: string;
  launchId: string;
  accessToken: string;
  /** Set once the member is in a call (fixtures), else "". */
  participationId: string;
  /** Set once the member approved the call for the app (callWithGrants), else "". */
  grantId: string;
};

type Members<U extends string> = { campus: Campus; callId: string } & Record<U, TestMember>;
type Options = { registration?: Partial<RegistrationInput> };

let clientIdSequence = 0;
/** A fresh, valid command clientId (16 to 128 chars of [a-zA-Z0-9_-]). */
export function newClientId(): string {
  clientIdSequence += 1;
  return `client-id-${String(clientIdSequence).padStart(8, "0")}`;
}

/** Logs a member in on its own campus tab (`tab-<username>-1`, or the given one). */
export async function logIn(campus: Campus, username: string, tabId = `tab-${username}-1`): Promise<TestMember> {
  const { launchId, accessToken } = await issueToken(campus, { member: username, tabId });
  return { campus, username, userId: getSeededUserId(username), tabId, launchId, accessToken, participationId: "", grantId: "" };
}

function byUsername<U extends string>(members: TestMember[]): Record<U, TestMember> {
  return Object.fromEntries(members.map((member) => [member.username, member])) as Record<U, TestMember>;
}

/** Members logged in, each on its own tab, with no call yet. */
export async function loggedInMembers<const U extends string>(usernames: readonly U[], options: Options = {}) {
  const campus = createTestCampus(options.registration);
  const members: TestMember[] = [];
  for (const username of usernames) members.push(await logIn(campus, username));
  return { campus, members, ...byUsername<U>(members) };
}

/** A call hosted by the first member in its tab, the others joined (as audience) in theirs. */
export async function callWithMembers<const U extends string>(usernames: readonly U[], options: Options = {}): Promise<Members<U>> {
  const { campus, members } = await loggedInMembers(usernames, options);
  const [host, ...others] = members;
  if (!host) throw new Error("A call needs at least its host");
  const started = await readJson<{ callId: string; participationId: string }>(
    await send(campus, "POST", "/control/calls", { json: { username: host.username } }),
  );
  host.participationId = started.participationId;
  for (const member of others) member.participationId = await joinByControl(member, started.callId);
  return { campus, callId: started.callId, ...byUsername<U>(members) };
}

/** A call whose members each attached and allowed the native prompt: every grant is active. */
export async function callWithGrants<const U extends string>(usernames: readonly U[], options: Options = {}): Promise<Members<U>> {
  const fixture = await callWithMembers(usernames, options);
  for (const username of usernames) await approveCall(fixture[username]);
  return fixture;
}

export async function joinByControl(member: TestMember, callId: string, role?: string): Promise<string> {
  const response = await send(member.campus, "POST", `/control/calls/${callId}/members`, { json: { username: member.username, role } });
  expect(response.status).toBe(200);
  const { participationIds } = await readJson<{ participationIds: string[] }>(response);
  return participationIds[0]!;
}

/** A REST call with the member's bearer token. */
export function callApi(member: TestMember, method: string, path: string, json?: unknown): Promise<Response> {
  return send(member.campus, method, `/v1/apps/calls${path}`, { json, headers: { Authorization: `Bearer ${member.accessToken}` } });
}

async function parseOk<T>(response: Response, schema: { parse(value: unknown): T }): Promise<T> {
  expect(response.status).toBe(200);
  return schema.parse(await response.json());
}

export const readStatus = async (member: TestMember): Promise<CallStatus> => parseOk(await callApi(member, "GET", "/status"), callStatusSchema);
export const attach = async (member: TestMember): Promise<AttachResult> => parseOk(await callApi(member, "POST", "/attach"), attachResultSchema);
export const readGrant = async (member: TestMember, grantId = member.grantId): Promise<Grant> =>
  parseOk(await callApi(member, "GET", `/grants/${grantId}`), grantSchema);
export const readCommand = async (member: TestMember, commandId: string): Promise<Command> =>
  parseOk(await callApi(member, "GET", `/commands/${commandId}`), commandSchema);

/** The member's answer to the native approval prompt in its campus tab. */
export function answerApprovalPrompt(member: TestMember, decision: "allow" | "deny"): Promise<Response> {
  return send(member.campus, "POST", "/host/call/approval", { json: { tabId: member.tabId, decision }, member: member.username });
}

/** Attach, then Allow in the campus tab: the member's grant is active. */
export async function approveCall(member: TestMember): Promise<string> {
  const { grantId, status } = await attach(member);
  if (status === "approval") expect((await answerApprovalPrompt(member, "allow")).status).toBe(200);
  member.grantId = grantId;
  return grantId;
}

export function postCommand(member: TestMember, kind: CommandKind | string, body: Record<string, unknown>, grantId = member.grantId) {
  return callApi(member, "POST", `/grants/${grantId}/commands/${kind}`, body);
}

/** A grant command that must be accepted; answers its commandId. */
export async function queueCommand(member: TestMember, kind: CommandKind, body: Record<string, unknown> = {}): Promise<string> {
  const response = await postCommand(member, kind, { clientId: newClientId(), ...body });
  return (await parseOk(response, commandAcceptedSchema)).commandId;
}

export async function queueAction(member: TestMember, action: string, targetId?: string): Promise<string> {
  return queueCommand(member, "action", targetId === undefined ? { action } : { action, targetId });
}

export async function queueStart(member: TestMember, body: Record<string, unknown> = {}): Promise<string> {
  return (await parseOk(await callApi(member, "POST", "/start", { clientId: newClientId(), ...body }), commandAcceptedSchema)).commandId;
}

export async function queueAccept(member: TestMember): Promise<string> {
  return (await parseOk(await callApi(member, "POST", "/accept", { clientId: newClientId() }), commandAcceptedSchema)).commandId;
}

/** The member answers a native command prompt (control API; the page's buttons do the same). */
export function answerPrompt(campus: Campus, commandId: string, answer: "confirm" | "decline", choice: Record<string, unknown> = {}) {
  return send(campus, "POST", `/control/commands/${commandId}/${answer}`, { json: choice });
}

/** The native call panel of the member's tab, as the campus page polls it. */
export async function readPanel(member: TestMember, tabId = member.tabId): Promise<CallPanel> {
  const response = await send(member.campus, "GET", `/host/call?tabId=${tabId}`, { member: member.username });
  expect(response.status).toBe(200);
  return readJson<CallPanel>(response);
}

export type ControlCall = ReturnType<typeof describeCall>;

export async function readCall(campus: Campus, callId: string): Promise<ControlCall> {
  const { calls } = await readJson<{ calls: ControlCall[] }>(await send(campus, "GET", "/control/calls"));
  const call = calls.find((candidate) => candidate.callId === callId);
  if (!call) throw new Error(`No call ${callId}`);
  return call;
}

export async function addSimulated(campus: Campus, callId: string, count = 1): Promise<string[]> {
  const response = await send(campus, "POST", `/control/calls/${callId}/members`, { json: { simulated: true, count } });
  expect(response.status).toBe(200);
  return (await readJson<{ participationIds: string[] }>(response)).participationIds;
}

export function simulate(campus: Campus, callId: string, participationId: string, operation: string): Promise<Response> {
  return send(campus, "POST", `/control/calls/${callId}/members/${participationId}/${operation}`, { json: {} });
}
