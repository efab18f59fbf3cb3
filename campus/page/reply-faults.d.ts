import type { HostMethod, HostReply, HostRequest } from "../../lib/contract";
import type { ReplyFault } from "../state/faults";
import type { FrameReplies } from "./frame-replies";

export function createReplyFaults(dependencies: {
  callHost(method: string, path: string, body?: unknown): Promise<unknown>;
  tabId: string;
  flowInspector: { recordFault(method: HostMethod, fault: ReplyFault): void };
  replies: Pick<FrameReplies, "answer" | "isAnswering" | "withhold">;
  reloadFrame(): void;
}): {
  handle(request: HostRequest, post: (message: HostReply) => void): Promise<void>;
};
