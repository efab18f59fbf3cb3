import { describe, expect, it } from "vitest";
import {
  callApi,
  callWithGrants,
  logIn,
  loggedInMembers,
  newClientId,
  postCommand,
  queueCommand,
} from "../test-support/call-scenarios";
import { getSeededUserId } from "../state/members";
import { advanceClock, readError } from "../test-support/test-campus";

const GRACE = getSeededUserId("grace");

describe("spec 8: 30 command requests per launch per minute", () => {
  it("answers the 31st with 429 RATE_LIMITED and Retry-After until a slot frees", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    for (let i = 0; i < 30; i += 1) await queueCommand(ada, "playback", { muted: i % 2 === 0 });
    const limited = await postCommand(ada, "playback", { clientId: newClientId(), muted: true });
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await readError(limited)).toEqual({ status: 429, code: "RATE_LIMITED" });
    await advanceClock(campus, 59);
    expect((await postCommand(ada, "playback", { clientId: newClientId(), muted: true })).headers.get("Retry-After")).toBe("1");
    await advanceClock(campus, 1);
    expect((await postCommand(ada, "playback", { clientId: newClientId(), muted: true })).status).toBe(200);
  });

  it("does not count idempotent retries", async () => {
    const { ada } = await callWithGrants(["ada"]);
    const body = { clientId: newClientId(), muted: true };
    for (let i = 0; i < 40; i += 1) expect((await postCommand(ada, "playback", body)).status).toBe(200);
    for (let i = 0; i < 29; i += 1) await queueCommand(ada, "playback", { muted: true });
    expect((await postCommand(ada, "playback", { clientId: newClientId(), muted: true })).status).toBe(429);
  });

  it("counts start and accept with the grant commands, per launch", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    for (let i = 0; i < 15; i += 1) await callApi(ada, "POST", "/start", { clientId: newClientId() });
    for (let i = 0; i < 15; i += 1) await callApi(ada, "POST", "/accept", { clientId: newClientId() });
    expect((await postCommand(ada, "playback", { clientId: newClientId(), muted: true })).status).toBe(429);
    const otherLaunch = await logIn(campus, "ada", "tab-ada-2");
    expect((await callApi(otherLaunch, "POST", "/accept", { clientId: newClientId() })).status).toBe(409);
  });
});

describe("spec 8: 5 call invitations per member per minute", () => {
  it("answers the 6th invitation with 429 and Retry-After, then recovers after the window", async () => {
    const { campus, ada } = await callWithGrants(["ada"]);
    for (let i = 0; i < 5; i += 1) await queueCommand(ada, "invite", { recipientId: GRACE });
    const limited = await postCommand(ada, "invite", { clientId: newClientId(), recipientId: GRACE });
    expect(await readError(limited)).toEqual({ status: 429, code: "RATE_LIMITED" });
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect((await postCommand(ada, "playback", { clientId: newClientId(), muted: true })).status).toBe(200);
    await advanceClock(campus, 60);
    expect((await postCommand(ada, "invite", { clientId: newClientId(), recipientId: GRACE })).status).toBe(200);
  });

  it("counts a start naming a recipient, across the member's launches", async () => {
    const { campus, ada } = await loggedInMembers(["ada"]);
    for (let i = 0; i < 5; i += 1) await callApi(ada, "POST", "/start", { clientId: newClientId(), recipientId: GRACE });
    const otherTab = await logIn(campus, "ada", "tab-ada-2");
    expect(await readError(await callApi(otherTab, "POST", "/start", { clientId: newClientId(), recipientId: GRACE }))).toEqual({ status: 429, code: "RATE_LIMITED" });
    expect((await callApi(otherTab, "POST", "/start", { clientId: newClientId() })).status).toBe(200);
  });
});
