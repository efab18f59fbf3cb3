import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { wireRequest } from "@/lib/testing/wire-request";
import { POST as postCommand } from "@/app/api/call/commands/route";
import { POST as postStart } from "@/app/api/call/start/route";
import { POST as postAccept } from "@/app/api/call/accept/route";
import { commandRequestSchema, startRequestSchema } from "@/lib/wire/call-routes";

const CLIENT_ID = "c".repeat(32);

const post = (body: unknown) =>
  wireRequest("http://app.localhost:3000/api/call/commands", {
    method: "POST",
    headers: { "X-Campus-Launch": "launch-1", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("spec 4: the page's command body carries no grant, command, clientId or token", () => {
  it.each([
    ["clientId", { kind: "action", action: "mute", clientId: CLIENT_ID }],
    ["grantId", { kind: "action", action: "mute", grantId: "grt_1" }],
    ["commandId", { kind: "playback", muted: true, commandId: "cmd_1" }],
    ["accessToken", { kind: "invite", accessToken: "tok" }],
    ["activityId on invite", { kind: "invite", activityId: "act_1" }],
  ])("a body with %s is 400 BAD_USER_INPUT", async (_field, body) => {
    const response = await postCommand(post(body));
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({ error: { code: "BAD_USER_INPUT" } });
  });

  it("start and accept are strict too", async () => {
    expect((await postStart(post({ recipientId: "usr_grace", clientId: CLIENT_ID }))).status).toBe(400);
    expect((await postAccept(post({ grantId: "grt_1" }))).status).toBe(400);
  });

  it("activityInvite names no activity: the backend sends the session's own (spec 4.13), so an activityId is 400", async () => {
    expect((await postCommand(post({ kind: "activityInvite", activityId: "act_1" }))).status).toBe(400);
    expect((await postCommand(post({ kind: "activityInvite", sessionKey: "k".repeat(43) }))).status).toBe(400);
    expect(commandRequestSchema.parse({ kind: "activityInvite" })).toEqual({ kind: "activityInvite" });
  });

  it("a kind the campus does not have, or none, is 400", async () => {
    expect((await postCommand(post({ kind: "dance" }))).status).toBe(400);
    expect((await postCommand(post({ action: "mute" }))).status).toBe(400);
  });

  it("accepts each kind's own payload", () => {
    expect(commandRequestSchema.parse({ kind: "invite", recipientId: "usr_grace", role: "speaker" })).toEqual({ kind: "invite", recipientId: "usr_grace", role: "speaker" });
    expect(commandRequestSchema.parse({ kind: "action", action: "stage/approve", targetId: "par_1" })).toMatchObject({ targetId: "par_1" });
    expect(commandRequestSchema.parse({ kind: "playback", muted: false })).toEqual({ kind: "playback", muted: false });
    expect(startRequestSchema.parse({})).toEqual({});
  });

  it("keeps the spec's limits: a targetId over 128 chars, an unknown action, a non-boolean muted", () => {
    expect(commandRequestSchema.safeParse({ kind: "action", action: "mute", targetId: "p".repeat(129) }).success).toBe(false);
    expect(commandRequestSchema.safeParse({ kind: "action", action: "dance" }).success).toBe(false);
    expect(commandRequestSchema.safeParse({ kind: "playback", muted: "yes" }).success).toBe(false);
  });

  it("every call route needs X-Campus-Launch", async () => {
    const request = new NextRequest("http://app.localhost:3000/api/call/commands", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "invite" }),
    });
    expect((await postCommand(request)).status).toBe(400);
  });
});
