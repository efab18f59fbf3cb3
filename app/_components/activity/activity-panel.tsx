import { useCallback, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import {
  activityCloseRoute,
  activityInviteRoute,
  activityNotesRoute,
  activityRoute,
  activityVoteRoute,
  type ActivityView,
  type ActivityViewOf,
  type CreateActivityRequest,
} from "@/lib/wire/activity-routes";
import type { ActivityKind } from "@/lib/shared/activity-kinds";
import type { GrantView } from "@/lib/wire/call-routes";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { useActivity } from "@/lib/client/activity/use-activity";
import { useCallActions } from "@/lib/client/call/use-call-actions";
import { commandsKey } from "@/lib/client/call/use-commands";
import { errorEffect } from "@/lib/client/fetch/error-effects";
import { useCallContext } from "../call/call-context";
import { ControlFeedback } from "../call/control-feedback";
import { Button } from "../ui/button";
import { ActivityEnded } from "./activity-ended";
import { CreateActivityForm } from "./create-activity-form";
import { NotesView } from "./notes-view";
import { PollView } from "./poll-view";

/**
 * The shared activity of the call, of any kind (spec 4.11-4.13). With an active grant, a member
 * with calls:control starts one and invites the call; a launch opened from an invitation joins it on its own. The
 * ended notice stays after the grant ends, so the member sees why.
 */
export function ActivityPanel(props: { grant: GrantView | null | undefined }) {
  const { launch, userId, canControl, onExpired, onAccessLost } = useCallContext();
  const onReadError = useCallback(
    (error: unknown) => {
      const effect = errorEffect(error);
      if (effect.kind === "expired") onExpired(error);
      if (effect.kind === "access-lost") onAccessLost(error);
    },
    [onExpired, onAccessLost],
  );
  const activity = useActivity(launch, { enabled: true, grant: props.grant, onError: onReadError });
  const { refresh, show } = activity;
  const actions = useCallActions({ onExpired, onAccessLost, onConflict: () => void refresh() });
  const { busyRegion } = actions;
  const { mutate } = useSWRConfig();

  const response = activity.response;
  const grantActive = props.grant?.status === "active";
  if (!response || (response.state === "none" && (!grantActive || activity.checkingEntry))) return null;

  const disabled = actions.busy !== null || actions.rateLimit !== null;
  const create = (body: CreateActivityRequest) =>
    void actions.run("activity-create", () => fetchRoute(activityRoute.POST, launch, { body })).then((result) => result && show(result));
  // A refused vote (lease lapsed, member left) has ended access on the backend: read why.
  const vote = (option: number) =>
    void actions.run("activity-vote", () => fetchRoute(activityVoteRoute.POST, launch, { body: { option } })).then((result) => (result ? show(result) : void refresh()));
  // The same for a refused note; the field keeps the text unless the note was posted.
  const postNote = (text: string) =>
    actions.run("activity-note", () => fetchRoute(activityNotesRoute.POST, launch, { body: { text } })).then((result) => {
      if (result) show(result);
      else void refresh();
      return result !== undefined;
    });
  // The poll's owner closes it; a refusal (not the owner, access ended) reads the activity again.
  const close = () =>
    void actions.run("activity-close", () => fetchRoute(activityCloseRoute.POST, launch, { body: {} })).then((result) => (result ? show(result) : void refresh()));
  const invite = () =>
    void actions.run("activity-invite", () => fetchRoute(activityInviteRoute.POST, launch, { body: {} })).then((result) => {
      if (result) void mutate(commandsKey(launch));
    });
  const participants = props.grant?.status === "active" ? props.grant.participants : [];
  const canAct = grantActive && !disabled;

  // Each kind's view with its controls: a kind added to ACTIVITY_KINDS does not compile until it has one.
  const joinedViews: { [K in ActivityKind]: (activity: ActivityViewOf<K>) => ReactNode } = {
    poll: (poll) => (
      <>
        <PollView
          activity={poll}
          participants={participants}
          userId={userId}
          canAct={canAct}
          closing={actions.busy === "activity-close"}
          onVote={vote}
          onClose={close}
        />
        <ControlFeedback control="activity-vote" actions={actions} />
        <ControlFeedback control="activity-close" actions={actions} />
      </>
    ),
    notes: (notes) => (
      <>
        <NotesView activity={notes} participants={participants} userId={userId} canPost={canAct} busy={actions.busy === "activity-note"} onPost={postNote} />
        <ControlFeedback control="activity-note" actions={actions} />
      </>
    ),
  };
  const showJoined = (activity: ActivityView) => (joinedViews[activity.kind] as (activity: ActivityView) => ReactNode)(activity);

  return (
    <section ref={busyRegion} data-testid="activity-panel" aria-labelledby="activity-title" className="space-y-3">
      <h2 id="activity-title" className="text-sm font-semibold">
        Shared activity
      </h2>
      {response.state === "joined" ? (
        <>
          {showJoined(response.activity)}
          {response.activity.role === "inviter" && grantActive ? (
            <div className="space-y-1">
              <Button testId="activity-invite" size="sm" variant="secondary" disabled={disabled} onClick={invite}>
                {actions.busy === "activity-invite" ? "Asking the campus…" : "Invite the call"}
              </Button>
              <p className="text-xs text-slate-600">You choose who to invite in the campus page; they accept there.</p>
              <ControlFeedback control="activity-invite" actions={actions} />
            </div>
          ) : null}
        </>
      ) : null}
      {response.state === "ended" ? <ActivityEnded ended={response.ended} /> : null}
      {response.state !== "joined" && grantActive ? (
        canControl ? (
          <>
            <CreateActivityForm onCreate={create} disabled={disabled} busy={actions.busy === "activity-create"} />
            <ControlFeedback control="activity-create" actions={actions} />
          </>
        ) : (
          <p className="text-xs text-slate-600">Starting a shared activity needs calls:control; invitations to one open it here.</p>
        )
      ) : null}
    </section>
  );
}
