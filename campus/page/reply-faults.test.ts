import { afterEach, describe, expect, it, vi } from "vitest";
import { IFRAME_PROTOCOL, type HostReply, type HostRequest } from "../../lib/contract";
import type { ReplyFault } from "../state/faults";
import type { CallHost } from "./host-api";
import { createReplyFaults } from "./reply-faults";

const aRequest = (method: "ready" | "authenticate"): HostRequest =>
  method === "ready"
    ? { protocol: IFRAME_PROTOCOL, version: 2, id: "r1", method, params: {} }
    : { protocol: IFRAME_PROTOCOL, version: 2, id: "a1", method, params: { launchId: "lch_1", state: "s" } };
const readyReply: HostReply = { protocol: "campus.hosted-app", version: 2, id: "r1", result: { launchId: "lch_1" } };

/** The page's reply path with the fault the campus server hands out (null: none, or an error). */
function aReplyPath(fault: ReplyFault | null | Error) {
  const posted: HostReply[] = [];
  const recorded: { method: string; fault: ReplyFault }[] = [];
  const reloadFrame = vi.fn();
  const callHost = vi.fn(async () => {
    if (fault instanceof Error) throw fault;
    return { fault };
  });
  const replies = { answer: vi.fn(async () => readyReply), isAnswering: vi.fn(() => false), withhold: vi.fn() };
  const faults = createReplyFaults({
    callHost: callHost as CallHost,
    tabId: "tab-1",
    flowInspector: { recordFault: (method, taken) => void recorded.push({ method, fault: taken }) },
    replies,
    reloadFrame,
  });
  const handle = (method: "ready" | "authenticate" = "ready") => faults.handle(aRequest(method), (message) => void posted.push(message));
  return { handle, posted, recorded, reloadFrame, replies, callHost };
}

afterEach(() => void vi.useRealTimers());

describe("the page carries out the fault the campus server hands it, and shows it", () => {
  it("asks the server for the fault of this message and tab", async () => {
    const path = aReplyPath(null);
    await path.handle("authenticate");
    expect(path.callHost).toHaveBeenCalledWith("POST", "/host/reply-faults/take", { tabId: "tab-1", method: "authenticate" });
    expect(path.posted).toEqual([readyReply]);
    expect(path.recorded).toEqual([]);
  });

  it("drop: nothing is posted", async () => {
    const path = aReplyPath({ kind: "drop" });
    await path.handle();
    expect(path.posted).toEqual([]);
    expect(path.recorded).toEqual([{ method: "ready", fault: { kind: "drop" } }]);
  });

  it("delay: posted once the delay has passed", async () => {
    vi.useFakeTimers();
    const path = aReplyPath({ kind: "delay", delayMs: 5_000 });
    await path.handle();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(path.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(path.posted).toEqual([readyReply]);
  });

  it("duplicate: posted twice", async () => {
    const path = aReplyPath({ kind: "duplicate" });
    await path.handle();
    expect(path.posted).toEqual([readyReply, readyReply]);
  });

  it("staleLaunch: the ready reply names the stale launch", async () => {
    const path = aReplyPath({ kind: "staleLaunch", launchId: "lch_old" });
    await path.handle();
    expect(path.posted).toEqual([{ ...readyReply, result: { launchId: "lch_old" } }]);
  });

  it("reload: the frame reloads, and the request is not answered at all", async () => {
    const path = aReplyPath({ kind: "reload" });
    await path.handle("authenticate");
    expect(path.reloadFrame).toHaveBeenCalledOnce();
    expect(path.replies.answer).not.toHaveBeenCalled();
    expect(path.replies.withhold).toHaveBeenCalledWith(aRequest("authenticate"));
    expect(path.posted).toEqual([]);
    expect(path.recorded).toEqual([{ method: "authenticate", fault: { kind: "reload" } }]);
  });

  it("a re-send while its answer is on the way: no fault taken, nothing posted (that answer replies)", async () => {
    const path = aReplyPath({ kind: "drop" });
    path.replies.isAnswering.mockReturnValue(true);
    await path.handle("authenticate");
    expect(path.callHost).not.toHaveBeenCalled();
    expect(path.replies.answer).not.toHaveBeenCalled();
    expect(path.posted).toEqual([]);
  });

  it("a campus server out of reach arms no fault: the reply goes out", async () => {
    const path = aReplyPath(new Error("unreachable"));
    await path.handle();
    expect(path.posted).toEqual([readyReply]);
  });

  it("a re-send that arrives while the fault is still being asked for takes none and gets no reply of its own", async () => {
    let hand: (fault: ReplyFault | null) => void = () => undefined;
    const fault = new Promise<ReplyFault | null>((resolve) => (hand = resolve));
    const posted: HostReply[] = [];
    const replies = { answer: vi.fn(async () => readyReply), isAnswering: vi.fn(() => false), withhold: vi.fn() };
    const callHost = vi.fn(async () => ({ fault: await fault }));
    const reloadFrame = vi.fn();
    const faults = createReplyFaults({ callHost: callHost as CallHost, tabId: "tab-1", flowInspector: { recordFault: () => undefined }, replies, reloadFrame });
    const first = faults.handle(aRequest("authenticate"), (message) => void posted.push(message));
    const resent = faults.handle(aRequest("authenticate"), (message) => void posted.push(message));
    hand({ kind: "reload" });
    await Promise.all([first, resent]);
    expect(callHost).toHaveBeenCalledTimes(1);
    expect(replies.answer).not.toHaveBeenCalled();
    expect(reloadFrame).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([]);
  });
});

