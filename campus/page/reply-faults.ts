// Faults armed for the page's replies through the control API (campus/README.md, "Faults"): the
// campus server decides which one the next reply gets (POST /host/reply-faults/take spends one use),
// and this page carries it out and shows it in the flow inspector.

import type { HostMethod, HostReply, HostRequest } from "../../lib/contract/iframe-protocol";
import type { ReplyFault } from "../state/faults";
import type { FrameReplies } from "./frame-replies";
import type { CallHost } from "./host-api";

export type ReplyFaultsDependencies = {
  callHost: CallHost;
  tabId: string;
  flowInspector: { recordFault(method: HostMethod, fault: ReplyFault): void };
  replies: Pick<FrameReplies, "answer" | "isAnswering" | "withhold">;
  reloadFrame(): void;
};

export function createReplyFaults({ callHost, tabId, flowInspector, replies, reloadFrame }: ReplyFaultsDependencies) {
  /** Requests whose fault is being asked for, by id. */
  const asking = new Set<string>();

  /** The fault for the reply to this message, or null; a campus server out of reach arms none. */
  async function take(method: HostMethod): Promise<ReplyFault | null> {
    try {
      return (await callHost<{ fault: ReplyFault | null }>("POST", "/host/reply-faults/take", { tabId, method })).fault;
    } catch {
      return null;
    }
  }

  /**
   * Answers one request through `replies` (frame-replies.ts); `post` sends a reply to the frame. A
   * reload fault reloads the frame instead, and the request stays unanswered even if re-sent.
   */
  async function handle(request: HostRequest, post: (message: HostReply) => void): Promise<void> {
    // A re-send while its answer is on the way: that answer replies to both, and takes the fault.
    // On the way already while its fault is asked for, before `replies` knows of it: a slow
    // campus server would otherwise let a re-send take no fault and be answered beside it.
    if (replies.isAnswering(request) || asking.has(request.id)) return;
    const { method } = request;
    asking.add(request.id);
    let fault: ReplyFault | null;
    try {
      fault = await take(method);
    } finally {
      asking.delete(request.id);
    }
    if (fault?.kind === "reload") {
      flowInspector.recordFault(method, fault);
      replies.withhold(request);
      reloadFrame();
      return;
    }
    const message = await replies.answer(request);
    if (!message) return;
    if (fault) flowInspector.recordFault(method, fault);
    switch (fault?.kind) {
      case "drop":
        return;
      case "delay":
        setTimeout(() => post(message), fault.delayMs);
        return;
      case "duplicate":
        post(message);
        post(message);
        return;
      case "staleLaunch":
        post("result" in message ? { ...message, result: { launchId: fault.launchId } } : message);
        return;
      default:
        post(message);
    }
  }

  return { handle };
}
