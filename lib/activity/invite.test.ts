import { describe, expect, it } from "vitest";
import { NO_ACTIVITY } from "@/lib/activity/session-activity";
import { sendCommand } from "@/lib/calls/send-command";
import { ACTIVITY_ID, SESSION_KEY, activityDeps } from "@/lib/testing/activity-fixtures";
import { GRANT_ID, aCallSession, callRequests, campusError } from "@/lib/testing/call-fixtures";

const INVITE_PATH = `POST /v1/apps/calls/grants/${GRANT_ID}/commands/activityInvite`;
const accepted = () => Response.json({ commandId: "cmd_1" });

async function anInviter(routes: Record<string, () => Response>) {
  const { deps, campus } = activityDeps({ routes });
  const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
  await deps.activityAccess.set(sid, { role: "inviter", userId: "usr_ada", activityId: ACTIVITY_ID, sessionKey: SESSION_KEY }, 60);
  return { deps, campus, credentials, sid };
}

describe("spec 4.7 activityInvite: the session's own activity, through the command path", () => {
  it("sends `{ clientId, activityId }` to the session's grant; the page sees a ref and the kind only", async () => {
    const { deps, campus, credentials } = await anInviter({ [INVITE_PATH]: accepted });
    const view = await sendCommand(credentials, { kind: "activityInvite" }, deps);
    const sent = campus.requests.find((request) => request.url.endsWith("/commands/activityInvite"));
    expect(await sent?.clone().json()).toEqual({ clientId: expect.any(String), activityId: ACTIVITY_ID });
    expect(view).toEqual({ ref: "ref1", kind: "activityInvite", status: "pending", createdAt: expect.any(String) });
    expect(JSON.stringify(view)).not.toMatch(new RegExp(`${ACTIVITY_ID}|${SESSION_KEY}|cmd_1`));
  });

  it("retries a 503 with the same clientId and activity (one invitation)", async () => {
    let calls = 0;
    const { deps, campus, credentials } = await anInviter({ [INVITE_PATH]: () => (calls++ === 0 ? campusError("INTERNAL_SERVER_ERROR", 503) : accepted()) });
    await sendCommand(credentials, { kind: "activityInvite" }, deps);
    const bodies = await Promise.all(campus.requests.filter((r) => r.url.endsWith("/activityInvite")).map((r) => r.clone().json()));
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual(bodies[1]);
  });

  it("a 429 goes back to the page with its Retry-After, never replayed under a new clientId", async () => {
    const { deps, campus, credentials } = await anInviter({ [INVITE_PATH]: () => campusError("RATE_LIMITED", 429, "5 offers a minute", { "Retry-After": "12" }) });
    await expect(sendCommand(credentials, { kind: "activityInvite" }, deps)).rejects.toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: 12 });
    expect(callRequests(campus.requests)).toEqual([INVITE_PATH]);
  });

  it("without an activity of this session's own (none, or joined as a guest): CALL_CONFLICT, nothing sent", async () => {
    const { deps, campus } = activityDeps();
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await expect(sendCommand(credentials, { kind: "activityInvite" }, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT", message: NO_ACTIVITY });
    await deps.activityAccess.set(sid, { role: "guest", userId: "usr_ada", entryId: "e", activityId: ACTIVITY_ID, sessionKey: SESSION_KEY, leaseExpiresAt: Date.now() + 20_000 }, 60);
    await expect(sendCommand(credentials, { kind: "activityInvite" }, deps)).rejects.toMatchObject({ code: "CALL_CONFLICT" });
    expect(campus.requests).toHaveLength(0);
  });
});
