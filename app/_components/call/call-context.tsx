import { createContext, useContext, type ReactNode } from "react";
import type { GrantView, StartRequest } from "@/lib/wire/call-routes";
import type { CallAction, CallRole } from "@/lib/contract";
import type { CallActions } from "@/lib/client/call/use-call-actions";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";

/** What the call controls can do; each runs through `useCallActions` under its control's name. */
export type CallOps = {
  attach(): void;
  start(body: StartRequest): void;
  accept(): void;
  invite(body: { recipientId?: string; role?: CallRole }): void;
  action(action: CallAction, control: string, targetId?: string): void;
  playback(muted: boolean): void;
};

/**
 * What the call view gives every panel inside it (stage, people, presentation, poll): who is
 * signed in and where, what the controls can do and their shared state, and where a panel
 * reports that the sign-in expired, access ended or the call changed.
 */
export type CallContextValue = {
  launch: LaunchCredentials;
  campusOrigin: string;
  /** The signed-in member's permanent ID. */
  userId: string;
  /** The token has calls:control: the controls show. */
  canControl: boolean;
  /** Host-only moderation shows where the host may use it; opened, it shows on every row, so a non-host can see the campus refuse it (spec 4.7: only the current host). */
  moderation: boolean;
  ops: CallOps;
  /** The controls' shared state: which one is busy, the last refusal, the rate-limit countdown. */
  actions: CallActions;
  /** One action at a time, none while rate limited, none once access is lost. */
  disabled: boolean;
  /** 401: the login half shows the expired state. */
  onExpired: (error: unknown) => void;
  /** ACCESS_REVOKED, APP_UNAVAILABLE: the call view stops and says why (spec part 7). */
  onAccessLost: (error: unknown) => void;
  /** A conflict or a native restoration: read the call's status and grant again. */
  onCallChanged: () => void;
  /** A presentation is live (its heartbeat answers for the grant, which is then not polled) or no longer. */
  onPresenting: (live: boolean) => void;
  /** The grant status a heartbeat answered (lib/wire/presentation-routes.ts). */
  onGrantHeard: (status: GrantView["status"]) => void;
};

const CallContext = createContext<CallContextValue | null>(null);

/** Given once, by the call view, around everything it shows. */
export function CallProvider({ value, children }: { value: CallContextValue; children?: ReactNode }) {
  return <CallContext value={value}>{children}</CallContext>;
}

/** The call's context, for a panel inside the call view. */
export function useCallContext(): CallContextValue {
  const value = useContext(CallContext);
  if (value === null) throw new Error("useCallContext() needs a <CallProvider> above it: render this panel inside CallView.");
  return value;
}
