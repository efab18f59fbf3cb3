import type { StartRequest } from "@/lib/api/call-schemas";
import type { CallAction, CallRole } from "@/lib/contract";
import type { CallActions } from "@/lib/client/call/use-call-actions";

/** What the call controls can do; each runs through `useCallActions` under its control's name. */
export type CallOps = {
  attach(): void;
  start(body: StartRequest): void;
  accept(): void;
  invite(body: { recipientId?: string; role?: CallRole }): void;
  action(action: CallAction, control: string, targetId?: string): void;
  playback(muted: boolean): void;
};

/** The controls' shared state: which one is busy, the last refusal, the rate-limit countdown. */
export type ControlProps = {
  ops: CallOps;
  actions: CallActions;
  /** One action at a time, none while rate limited. */
  disabled: boolean;
};
