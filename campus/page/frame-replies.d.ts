import type { HostReply, HostRequest } from "../../lib/contract";
import type { Envelope } from "./envelope";

export type FrameReplies = {
  /** The reply to a valid request, or null when none is sent. */
  answer(request: HostRequest): Promise<HostReply | null>;
  /** Whether this is a re-send of a request whose answer is still being prepared. */
  isAnswering(request: HostRequest): boolean;
  /** No reply to this request, nor to its re-sends (the frame reloads instead). */
  withhold(request: HostRequest): void;
  forgetFrame(): void;
};

export function createFrameReplies(dependencies: {
  envelope: Envelope;
  consentDialog: { ask(need: unknown): Promise<"approved" | "denied" | "cancelled"> };
  callHost(method: string, path: string, body?: unknown): Promise<unknown>;
  tabId: string;
  hostErrorCode(error: unknown): string;
  launches: { current(): string | null; renew(): Promise<string> };
}): FrameReplies;
