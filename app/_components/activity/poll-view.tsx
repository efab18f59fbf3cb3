import type { ActivityView } from "@/lib/api/activity-schemas";
import type { CallParticipant } from "@/lib/contract";

type PollViewProps = {
  activity: ActivityView;
  /** The call's roster, for usernames; userIds are shown for members not in it. */
  participants: readonly CallParticipant[];
  userId: string;
  canVote: boolean;
  onVote: (option: number) => void;
};

/** The shared poll: each option with its votes and who cast them. Votes are keyed by userId; usernames are display only. */
export function PollView({ activity, participants, userId, canVote, onVote }: PollViewProps) {
  const nameOf = (id: string) => participants.find((participant) => participant.userId === id)?.username ?? id;
  const mine = activity.votes.find((vote) => vote.userId === userId)?.option;
  return (
    <div data-testid="activity-poll" data-role={activity.role} data-version={activity.version} className="space-y-2">
      <div>
        <p data-testid="activity-label" className="text-xs font-medium tracking-wide text-slate-600 uppercase">
          {activity.label}
        </p>
        <p data-testid="activity-poll-question" className="text-sm font-semibold">
          {activity.question}
        </p>
      </div>
      <ul className="space-y-1.5">
        {activity.options.map((option, index) => {
          const voters = activity.votes.filter((vote) => vote.option === index).map((vote) => nameOf(vote.userId));
          return (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                data-testid="activity-option-vote"
                data-option={option}
                data-votes={voters.length}
                data-mine={mine === index}
                disabled={!canVote}
                onClick={() => onVote(index)}
                className={`min-w-32 rounded-lg border px-3 py-1.5 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 ${
                  mine === index ? "border-indigo-500 bg-indigo-50 text-indigo-900" : "border-slate-400 bg-white hover:bg-slate-50"
                }`}
              >
                {option} <span className="text-slate-600">· {voters.length}</span>
              </button>
              {voters.length ? (
                <span data-testid="activity-voters" data-option={option} className="text-xs text-slate-600">
                  {voters.join(", ")}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
