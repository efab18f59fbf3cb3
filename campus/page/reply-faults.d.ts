import type { HostMethod, HostReply } from "../../lib/contract";
import type { ReplyFault } from "../state/faults";

export function createReplyFaults(dependencies: {
  callHost(method: string, path: string, body?: unknown): Promise<unknown>;
  tabId: string;
  flowInspector: { recordFault(method: HostMethod, fault: ReplyFault): void };
  reloadFrame(): void;
}): {
  handle(method: HostMethod, answer: () => Promise<HostReply | null>, post: (message: HostReply) => void): Promise<void>;
};
