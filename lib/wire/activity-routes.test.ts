import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { apiRequest as request, expectBadInput, TEST_APP } from "@/lib/testing/wire-request";
import { GET as getActivity } from "@/app/api/activity/route";
import { POST as postEntry } from "@/app/api/activity/entry/route";
import { POST as postInvite } from "@/app/api/activity/invite/route";

const APP = TEST_APP;
const KEY = "k".repeat(43);


describe("spec 4.13: no activity route takes a session key, an activity, an entry or a grant from the browser (each kind's own: lib/wire/activity-kinds.test.ts and lib/wire/<kind>.test.ts)", () => {
  it("an invitation with an activityId is 400", async () => {
    await expectBadInput(await postInvite(request("/api/activity/invite", { activityId: "act_1" })));
  });

  it("GET /api/activity with a session key or activity in the URL is 400, never read", async () => {
    await expectBadInput(await getActivity(request(`/api/activity?sessionKey=${KEY}&activityId=act_1`)));
  });

  it("POST /api/activity/entry with a session key or activity in the URL is 400, never read", async () => {
    const entry = new NextRequest(`${APP}/api/activity/entry?sessionKey=${KEY}&activityId=act_1`, { method: "POST", headers: { "X-Campus-Launch": "launch-1" } });
    await expectBadInput(await postEntry(entry));
  });

  it("every activity route needs X-Campus-Launch", async () => {
    const bare = new NextRequest(`${APP}/api/activity`);
    expect((await getActivity(bare)).status).toBe(400);
  });
});
