import { describe, expect, it } from "vitest";
import type { PresentationBinding } from "@/lib/calls/call-state-store";
import { GRANT_ID, aCallSession, aPresentation, callDeps, callRequests, campusError } from "@/lib/testing/call-fixtures";
import { logout } from "./logout";

const RELEASE = "POST /v1/apps/calls/presentations/prs_1/release";
const binding: PresentationBinding = { presentationId: "prs_1", userId: "usr_ada", grantId: GRANT_ID, mode: "video", participationIds: [], preparedAt: 0 };

describe("signing out", () => {
  it("releases the session's presentation, then ends the session and its call state", async () => {
    const { deps, campus } = callDeps({ routes: { [RELEASE]: () => Response.json(aPresentation({ status: "released" })) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await deps.callState.setPresentation(sid, binding);
    await logout(credentials, deps);
    expect(callRequests(campus.requests)).toEqual([RELEASE]);
    expect(await deps.sessions.get(sid)).toBeUndefined();
    expect(await deps.callState.getGrant(sid)).toBeUndefined();
    expect(await deps.callState.getPresentation(sid)).toBeUndefined();
  });

  it("still signs out when the campus cannot be told", async () => {
    const { deps } = callDeps({ routes: { [RELEASE]: () => campusError("INTERNAL_SERVER_ERROR", 503) } });
    const { credentials, sid } = await aCallSession(deps, { grantId: GRANT_ID });
    await deps.callState.setPresentation(sid, binding);
    await expect(logout(credentials, deps)).resolves.toBeUndefined();
    expect(await deps.sessions.get(sid)).toBeUndefined();
  });

  it("without a presentation asks the campus nothing; twice is not an error", async () => {
    const { deps, campus } = callDeps();
    const { credentials } = await aCallSession(deps, { grantId: GRANT_ID });
    await logout(credentials, deps);
    await logout(credentials, deps);
    expect(campus.requests).toHaveLength(0);
  });
});
