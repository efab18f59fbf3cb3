import { describe, expect, it, vi } from "vitest";
import { IFRAME_PROTOCOL, type HostRequest } from "../../lib/contract";
import { createFrameReplies } from "./frame-replies";
import type { CallHost } from "./host-api";
import { UNTIL } from "../../tests/until";

const ready = (id: string): HostRequest => ({ protocol: IFRAME_PROTOCOL, version: 2, id, method: "ready", params: {} });
const authenticate = (id: string, launchId: string): HostRequest => ({
  protocol: IFRAME_PROTOCOL,
  version: 2,
  id,
  method: "authenticate",
  params: { launchId, state: "s" },
});

/** A campus page whose frame holds `lch_1`, with its host calls and consent dialog recorded. */
function aPage() {
  let current = "lch_1";
  let opened = 1;
  const renew = vi.fn(async () => (current = `lch_${++opened}`));
  const callHost = vi.fn(async (_method: string, path: string) => (path.endsWith("/authorize") ? { consent: "required" } : { code: "c", expiresIn: 60, state: "s" }));
  const consentDialog = { ask: vi.fn(async () => "approved" as const) };
  const replies = createFrameReplies({
    consentDialog,
    callHost: callHost as CallHost,
    tabId: "tab-1",
    hostErrorCode: () => "APP_UNAVAILABLE",
    launches: { current: () => current, renew },
  });
  return { replies, renew, callHost, consentDialog };
}

describe("a request re-sent with its id gets the answer that id got", () => {
  it("ready: the same launch, never a new one", async () => {
    const page = aPage();
    expect(await page.replies.answer(ready("r1"))).toMatchObject({ id: "r1", result: { launchId: "lch_1" } });
    expect(await page.replies.answer(ready("r1"))).toMatchObject({ id: "r1", result: { launchId: "lch_1" } });
    expect(page.renew).not.toHaveBeenCalled();
  });

  it("ready while the answer to a reload is still being opened: one new launch for both", async () => {
    const page = aPage();
    await page.replies.answer(ready("r1"));
    const [first, again] = await Promise.all([page.replies.answer(ready("r2")), page.replies.answer(ready("r2"))]);
    expect(page.renew).toHaveBeenCalledOnce();
    expect(first).toEqual(again);
    expect(first).toMatchObject({ result: { launchId: "lch_2" } });
  });

  it("a ready with another id is a reloaded document: a new launch", async () => {
    const page = aPage();
    await page.replies.answer(ready("r1"));
    expect(await page.replies.answer(ready("r2"))).toMatchObject({ result: { launchId: "lch_2" } });
    expect(page.renew).toHaveBeenCalledOnce();
  });

  it("a new frame starts over: its first ready gets the mount's launch", async () => {
    const page = aPage();
    await page.replies.answer(ready("r1"));
    page.replies.forgetFrame();
    expect(await page.replies.answer(ready("r2"))).toMatchObject({ result: { launchId: "lch_1" } });
    expect(page.renew).not.toHaveBeenCalled();
  });

  it("authenticate: one consent dialog and one code, however often it is re-sent", async () => {
    const page = aPage();
    await page.replies.answer(ready("r1"));
    const answers = await Promise.all([1, 2, 3].map(() => page.replies.answer(authenticate("a1", "lch_1"))));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ id: "a1", result: { code: "c" } });
    expect(page.consentDialog.ask).toHaveBeenCalledOnce();
    expect(page.callHost.mock.calls.filter(([, path]) => path.endsWith("/codes"))).toHaveLength(1);
  });

  it("a re-send while the member is on the consent dialog is known to be answered already", async () => {
    const page = aPage();
    let decide: (decision: "approved") => void = () => undefined;
    page.consentDialog.ask.mockImplementationOnce(() => new Promise((resolve) => (decide = resolve)));
    const answer = page.replies.answer(authenticate("a1", "lch_1"));
    await vi.waitFor(() => expect(page.consentDialog.ask).toHaveBeenCalled(), UNTIL);
    expect(page.replies.isAnswering(authenticate("a1", "lch_1"))).toBe(true);
    expect(page.replies.isAnswering(authenticate("a2", "lch_1"))).toBe(false);
    decide("approved");
    await answer;
    // Answered: a re-send now means the reply was lost, and gets it again.
    expect(page.replies.isAnswering(authenticate("a1", "lch_1"))).toBe(false);
    expect(await page.replies.answer(authenticate("a1", "lch_1"))).toEqual(await answer);
  });

  it("a withheld authenticate (the frame reloads instead) gets no reply, even re-sent", async () => {
    const page = aPage();
    page.replies.withhold(authenticate("a1", "lch_1"));
    expect(await page.replies.answer(authenticate("a1", "lch_1"))).toBeNull();
    expect(page.callHost).not.toHaveBeenCalled();
  });

  it("authenticate with a launch that is not the frame's: INVALID_LAUNCH", async () => {
    const page = aPage();
    expect(await page.replies.answer(authenticate("a1", "lch_old"))).toMatchObject({ error: { code: "INVALID_LAUNCH" } });
    expect(page.callHost).not.toHaveBeenCalled();
  });
});
