import { useEffect, useRef } from "react";
import type { CommandView } from "@/lib/wire/call-routes";
import type { CallParticipant } from "@/lib/contract";
import { commandSentence, describeCommand, rosterNames, waitsForMember } from "@/lib/client/call/command-text";
import { markStep } from "@/lib/client/timing/timing-marks";
import { isFinalStatus } from "@/lib/shared/final-status";
import { useAnnounceChange } from "../ui/announcer";

const STATUS_TONE: Record<CommandView["status"], string> = {
  pending: "bg-slate-100 text-slate-700",
  working: "bg-indigo-50 text-indigo-800",
  applied: "bg-emerald-50 text-emerald-800",
  declined: "bg-amber-50 text-amber-900",
  failed: "bg-rose-50 text-rose-800",
  expired: "bg-slate-100 text-slate-700",
};

const STATUS_WORD: Record<CommandView["status"], string> = {
  pending: "sent",
  working: "in progress",
  applied: "done",
  declined: "declined",
  failed: "failed",
  expired: "expired",
};

/**
 * Spec 4.8: each command of this session with its status until terminal, and the campus's result,
 * newest first to the eye; the newest one's progress is announced.
 */
export function CommandList({ commands, participants }: { commands: CommandView[]; participants: readonly CallParticipant[] }) {
  const names = rosterNames(participants);
  const latest = commands.at(-1);
  useAnnounceChange(latest ? commandSentence(latest, names) : null);
  useMarkShownFinal(latest);
  if (!commands.length) return null;
  return (
    <section aria-labelledby="requests-title" className="space-y-2">
      <h2 id="requests-title" className="text-sm font-semibold">
        Your requests
      </h2>
      {/* DOM order stays oldest first (tests read the last row as the newest); the eye reads newest first. */}
      <ul data-testid="command-list" className="flex flex-col-reverse gap-1.5">
        {commands.map((command) => (
          <li
            key={command.ref}
            data-testid="command-row"
            data-kind={command.kind}
            data-action={command.action ?? ""}
            data-status={command.status}
            className="rounded-lg border border-slate-200 px-2.5 py-1.5 text-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <span className="text-slate-800">{describeCommand(command, names)}</span>
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${STATUS_TONE[command.status]}`}>{STATUS_WORD[command.status]}</span>
            </div>
            {waitsForMember(command) ? <p className="text-xs font-medium text-indigo-800">Waiting for you in the campus page</p> : null}
            {command.result ? <p className="text-xs text-slate-600">{command.result.message}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Marks "rendered" at the effect of the commit that shows the newest command's final status, once
 * per command (StrictMode's second run of the effect finds it marked).
 */
function useMarkShownFinal(latest: CommandView | undefined) {
  const marked = useRef<string | null>(null);
  const finalRef = latest && isFinalStatus(latest.status) ? latest.ref : null;
  useEffect(() => {
    if (finalRef === null || marked.current === finalRef) return;
    marked.current = finalRef;
    markStep("rendered");
  }, [finalRef]);
}

/** Next to the controls: what the campus page waits for the member to confirm, so it is never out of view. */
export function WaitingForYou({ commands, participants }: { commands: CommandView[]; participants: readonly CallParticipant[] }) {
  const waiting = commands.filter(waitsForMember);
  if (!waiting.length) return null;
  return (
    <ul data-testid="waiting-for-you" className="space-y-1 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
      {waiting.map((command) => (
        <li key={command.ref} className="flex items-center gap-2">
          <span aria-hidden className="size-2 shrink-0 motion-safe:animate-pulse rounded-full bg-indigo-500" />
          {commandSentence(command, rosterNames(participants))}
        </li>
      ))}
    </ul>
  );
}
