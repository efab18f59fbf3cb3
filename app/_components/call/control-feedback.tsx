import type { CallActions } from "@/lib/client/call/use-call-actions";

/** Next to a control: the campus's refusal, or the Retry-After countdown when it was rate limited. */
export function ControlFeedback({ control, actions }: { control: string; actions: CallActions }) {
  const { feedback, rateLimit } = actions;
  return (
    <>
      {feedback?.control === control ? (
        <p data-testid="command-error" role="alert" className="text-sm text-rose-700">
          {feedback.message}
          {feedback.refreshed ? <span className="text-slate-600"> The call changed; its state was refreshed.</span> : null}
        </p>
      ) : null}
      {rateLimit?.control === control ? (
        <p data-testid="rate-limited" data-seconds={rateLimit.secondsLeft} className="text-sm text-amber-700">
          Too many requests. Try again in {rateLimit.secondsLeft} s.
        </p>
      ) : null}
    </>
  );
}
