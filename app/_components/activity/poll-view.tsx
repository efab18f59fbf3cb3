import type { PollView as Poll } from "@/lib/wire/poll";
import type { CallParticipant } from "@/lib/contract";
import { Button } from "../ui/button";

type PollViewProps = {
  activity: Poll;
  /** The call's roster, for usernames; userIds are shown for members not in it. */
  participants: readonly CallParticipant[];
  userId: string;
  /** Whether an action may start now (an active grant, no other action running): votes, and the owner's close. */
  canAct: boolean;
  closing: boolean;
  onVote: (option: number) => void;
  onClose: () => void;
};

/**
 * The shared poll: each option with its votes and who cast them. Votes are keyed by userId;
 * usernames are display only. Its owner may close it (an owner-only action, lib/activity/owner.ts):
 * the control shows on `owner`, and the backend refuses anyone else.
 */
export function PollView({ activity, participants, userId, canAct, closing, onVote, onClose }: PollViewProps) {
  const canVote = canAct && !activity.closed;
  const nameOf = (id: string) => participants.find((participant) => participant.userId === id)?.username ?? id;
  const mine = activity.votes.find((vote) => vote.userId === userId)?.option;
  const total = activity.votes.length;
  return (
    <div
      data-testid="activity-poll"
      data-role={activity.role}
      data-owner={activity.owner}
      data-closed={activity.closed}
      data-version={activity.version}
      className="space-y-2"
    >
      <div>
        {/* The label is what invitees saw in the campus page; shown only when it says more than the question. */}
        <p className={activity.label === activity.question ? "hidden" : "text-xs text-slate-600"}>
          Invitation: <span data-testid="activity-label">{activity.label}</span>
        </p>
        <p data-testid="activity-poll-question" className="text-sm font-semibold">
          {activity.question}
        </p>
      </div>
      <ul className="space-y-1.5">
        {activity.options.map((option, index) => {
          const voters = activity.votes.filter((vote) => vote.option === index).map((vote) => nameOf(vote.userId));
          const names = voters.join(", ");
          const chosen = mine === index;
          const share = total ? Math.round((voters.length / total) * 100) : 0;
          return (
            <li key={index} className="space-y-0.5">
              {/* aria-disabled keeps the focus on the option while a vote is on its way. */}
              <button
                type="button"
                data-testid="activity-option-vote"
                data-option={option}
                data-votes={voters.length}
                data-mine={chosen}
                aria-pressed={chosen}
                aria-disabled={!canVote || undefined}
                onClick={() => (canVote ? onVote(index) : undefined)}
                className={`relative flex w-full items-center justify-between gap-2 overflow-hidden rounded-lg border px-3 py-1.5 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-disabled:cursor-not-allowed ${
                  chosen ? "border-indigo-600 bg-indigo-50 font-medium text-indigo-950" : "border-slate-400 bg-white hover:bg-slate-50"
                }`}
              >
                <span aria-hidden className={`absolute inset-y-0 left-0 ${chosen ? "bg-indigo-100" : "bg-slate-100"}`} style={{ width: `${share}%` }} />
                <span className="relative">{option}</span>
                <span className={`relative text-xs ${chosen ? "text-indigo-900" : "text-slate-700"}`}>
                  {voters.length} {voters.length === 1 ? "vote" : "votes"}
                </span>
              </button>
              {/* One line, there before the first vote: a vote arriving never moves the options below it. */}
              <p data-testid="activity-voters" data-option={option} title={names || undefined} className="h-4 truncate px-1 text-xs text-slate-600">
                {names}
              </p>
            </li>
          );
        })}
      </ul>
      {activity.closed ? (
        <p data-testid="activity-poll-closed" className="text-xs font-medium text-slate-700">
          Closed by the member who started it: these are the final votes.
        </p>
      ) : activity.owner ? (
        <Button testId="activity-poll-close" size="sm" variant="secondary" disabled={!canAct} onClick={onClose}>
          {closing ? "Closing…" : "Close the poll"}
        </Button>
      ) : null}
    </div>
  );
}
