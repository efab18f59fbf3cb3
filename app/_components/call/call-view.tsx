import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { callAcceptRoute, callAttachRoute, callCommandsRoute, callStartRoute, type CommandView, type GrantView, type StartRequest } from "@/lib/wire/call-routes";
import type { Member } from "@/lib/contract";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { isFinalStatus } from "@/lib/shared/final-status";
import { useCallActions } from "@/lib/client/call/use-call-actions";
import { useCallStatus } from "@/lib/client/call/use-call-status";
import { useCommands } from "@/lib/client/call/use-commands";
import { useGrant } from "@/lib/client/call/use-grant";
import { errorEffect, errorMessage } from "@/lib/client/fetch/error-effects";
import { markStep } from "@/lib/client/timing/timing-marks";
import { useAfterFirstCommit } from "@/lib/client/timing/use-after-first-commit";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { ActivityPanel } from "../activity/activity-panel";
import { AccessLost, accessLossOf, type AccessLoss } from "./access-lost";
import { ActiveCall } from "./active-call";
import { CallProvider, type CallContextValue, type CallOps } from "./call-context";
import { CallLayout } from "./call-layout";
import { CallPeople } from "./call-people";
import { CallStatusLine } from "./call-status-line";
import { CommandList, WaitingForYou } from "./command-list";
import { AttachControl, GrantEnded, WaitingApproval } from "./grant";
import { NoCall } from "./no-call";

type CallViewProps = {
  launch: LaunchCredentials;
  campusOrigin: string;
  member: Member;
  /** 401: the login half shows the expired state. */
  onExpired: (error: unknown) => void;
  /** What the campus shared about the member, at the end of the side panel. */
  profile: ReactNode;
};

/** The member's live campus call, for a token with calls:read (spec 1). */
export function CallView(props: CallViewProps) {
  if (!props.member.scopes.includes("calls:read")) {
    return (
      <CallLayout
        stage={
          <p data-testid="call-scope-missing" className="text-sm text-slate-700">
            This app can show your campus call once you approve calls:read for it.
          </p>
        }
        panel={props.profile}
      />
    );
  }
  return <CallPanel {...props} canControl={props.member.scopes.includes("calls:control")} />;
}

function CallPanel({ launch, campusOrigin, member, onExpired, canControl, profile }: CallViewProps & { canControl: boolean }) {
  const [accessLoss, setAccessLoss] = useState<AccessLoss | null>(null);
  const [moderation, setModeration] = useState(false);
  const enabled = accessLoss === null;
  // The reads start in the task after the view's first commit, not within it: the browser may paint it first.
  const committed = useAfterFirstCommit();
  const reading = enabled && committed;
  const loseAccess = useCallback((error: unknown) => setAccessLoss(accessLossOf(error)), []);

  // Spec part 7 for reads: 401 and access loss stop everything; 503 and 429 retry inside the hooks.
  const onReadError = useCallback(
    (error: unknown) => {
      const effect = errorEffect(error);
      if (effect.kind === "expired") onExpired(error);
      if (effect.kind === "access-lost") loseAccess(error);
    },
    [onExpired, loseAccess],
  );
  // While a presentation is live its heartbeat answers for the grant (lib/client/call/call-refresh.ts).
  const [presenting, setPresenting] = useState(false);
  const status = useCallStatus(launch, { enabled: reading, onError: onReadError });
  const grant = useGrant(launch, { enabled: reading, paused: presenting, onError: onReadError });
  const commands = useCommands(launch, { enabled: reading && canControl, onError: onReadError });

  const { refresh: refreshStatus } = status;
  const { refresh: refreshGrant } = grant;
  const { refresh: refreshCommands, sent: commandSent } = commands;
  const refreshCallState = useCallback(() => {
    void refreshStatus();
    void refreshGrant();
  }, [refreshStatus, refreshGrant]);
  const actions = useCallActions({ onExpired, onAccessLost: loseAccess, onConflict: refreshCallState });

  // A grant that became active, was denied or ended: the advisory status changed with it.
  const grantStatus = grant.grant?.status;
  useEffect(() => {
    if (grantStatus && grantStatus !== "approval") void refreshStatus();
  }, [grantStatus, refreshStatus]);

  // The presentation ended: the grant was not polled meanwhile, so it is read now.
  const wasPresenting = useRef(false);
  useEffect(() => {
    if (wasPresenting.current && !presenting) void refreshGrant();
    wasPresenting.current = presenting;
  }, [presenting, refreshGrant]);
  // A beat answered a grant status other than the one shown: read the whole grant now.
  const onGrantHeard = useCallback(
    (heard: GrantView["status"]) => {
      if (heard !== grantStatus) void refreshGrant();
    },
    [grantStatus, refreshGrant],
  );

  // A command that settled changes the call: read it now rather than at the next tick.
  const settled = commands.commands.filter((command) => isFinalStatus(command.status)).map((command) => command.ref).join();
  const joinedCall = commands.commands.some((command) => (command.kind === "start" || command.kind === "accept") && command.status === "applied");
  useEffect(() => {
    if (!settled) return;
    void refreshGrant();
    if (joinedCall) void refreshStatus();
  }, [settled, joinedCall, refreshGrant, refreshStatus]);

  const { run } = actions;
  const send = useCallback(
    async (control: string, request: () => Promise<{ command: CommandView }>) => {
      // Called from a command button's click handler; the request leaves in the same task.
      markStep("click");
      const result = await run(control, () => {
        markStep("request sent");
        return request();
      });
      if (!result) return;
      markStep("answered");
      // The answer carries the status the backend read as soon as the campus took the command:
      // many commands apply at once (spec 4.7). One still in flight is polled fast for a moment.
      await refreshCommands((current) => ({ commands: [...(current?.commands ?? []), result.command] }), { revalidate: false });
      if (!isFinalStatus(result.command.status)) commandSent();
    },
    [run, refreshCommands, commandSent],
  );

  const ops: CallOps = {
    attach: () =>
      void run("attach", () => fetchRoute(callAttachRoute.POST, launch)).then((result) => {
        if (result) refreshCallState();
      }),
    start: (body: StartRequest) => void send("start", () => fetchRoute(callStartRoute.POST, launch, { body })),
    accept: () => void send("accept", () => fetchRoute(callAcceptRoute.POST, launch, { body: {} })),
    invite: (body) => void send("invite", () => fetchRoute(callCommandsRoute.POST, launch, { body: { kind: "invite", ...body } })),
    action: (action, control, targetId) =>
      void send(control, () => fetchRoute(callCommandsRoute.POST, launch, { body: { kind: "action", action, ...(targetId ? { targetId } : {}) } })),
    playback: (muted) => void send("playback", () => fetchRoute(callCommandsRoute.POST, launch, { body: { kind: "playback", muted } })),
  };
  const call: CallContextValue = {
    launch,
    campusOrigin,
    userId: member.userId,
    canControl,
    moderation,
    ops,
    actions,
    disabled: !enabled || actions.busy !== null || actions.rateLimit !== null,
    onExpired,
    onAccessLost: loseAccess,
    onCallChanged: refreshCallState,
    onPresenting: setPresenting,
    onGrantHeard,
  };
  const readError = [status.error, grant.error].find((error) => {
    const kind = error === undefined ? undefined : errorEffect(error).kind;
    return kind !== undefined && kind !== "expired" && kind !== "access-lost";
  });

  const active = !accessLoss && grant.grant?.status === "active" ? grant.grant : null;
  const stage = (
    <>
      <CallStatusLine status={status.status} checking={status.isChecking} />
      {accessLoss ? (
        <AccessLost loss={accessLoss} />
      ) : active ? (
        <ActiveCall grant={active} commands={commands.commands} />
      ) : grant.grant?.status === "approval" ? (
        <WaitingApproval />
      ) : (
        <>
          <GrantEnded grant={grant.grant} />
          {status.status?.canAttach ? <AttachControl /> : null}
          {status.status?.access === "unavailable" ? <NoCall /> : null}
        </>
      )}
      {canControl && !accessLoss ? <WaitingForYou commands={commands.commands} participants={active?.participants ?? []} /> : null}
      {readError !== undefined && !accessLoss ? (
        <p data-testid="call-error" role="alert" className="text-sm text-rose-700">
          {errorMessage(readError)}
        </p>
      ) : null}
    </>
  );
  const panel = (
    <>
      {active ? <CallPeople grant={active} onModeration={setModeration} /> : null}
      {reading ? <ActivityPanel grant={grant.grant} /> : null}
      {canControl && !accessLoss ? <CommandList commands={commands.commands} participants={active?.participants ?? []} /> : null}
      {profile}
    </>
  );
  return (
    <CallProvider value={call}>
      <CallLayout stage={stage} panel={panel} onRefresh={enabled ? refreshCallState : undefined} checking={status.isChecking} busyRegion={actions.busyRegion} />
    </CallProvider>
  );
}
