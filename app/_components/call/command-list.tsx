import type { CommandView } from "@/lib/api/call-schemas";
import { NATIVE_CONFIRMATION } from "@/lib/client/call-controls";
import { isTerminalStatus } from "@/lib/client/call-polling";

const STATUS_TONE: Record<CommandView["status"], string> = {
  pending: "bg-slate-100 text-slate-700",
  working: "bg-indigo-50 text-indigo-700",
  applied: "bg-emerald-50 text-emerald-700",
  declined: "bg-amber-50 text-amber-800",
  failed: "bg-rose-50 text-rose-700",
  expired: "bg-slate-100 text-slate-500",
};

function describe(command: CommandView): string {
  const to = [command.recipientId, command.role ? `as ${command.role}` : ""].filter(Boolean).join(" ");
  switch (command.kind) {
    case "start":
      return to ? `Start a call with ${to}` : "Start a call";
    case "accept":
      return "Accept the invitation";
    case "invite":
      return to ? `Invite ${to}` : "Invite";
    case "playback":
      return command.muted ? "Mute call audio" : "Unmute call audio";
    case "action":
      return command.targetId ? `${command.action} (${command.targetId})` : (command.action ?? "action");
    case "activityInvite":
      return "Invite to the activity";
  }
}

/** Spec 4.8: each command of this session with its status until terminal, and the campus's result. */
export function CommandList({ commands }: { commands: CommandView[] }) {
  if (!commands.length) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium">Your requests</h3>
      <ul data-testid="command-list" className="space-y-1">
        {commands.map((command) => {
          const waiting = !isTerminalStatus(command.status);
          const native = NATIVE_CONFIRMATION.has(command.kind === "action" ? (command.action ?? "") : command.kind);
          return (
            <li
              key={command.ref}
              data-testid="command-row"
              data-kind={command.kind}
              data-action={command.action ?? ""}
              data-status={command.status}
              className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm"
            >
              <span className="font-mono text-xs text-slate-700">{describe(command)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs ${STATUS_TONE[command.status]}`}>{command.status}</span>
              {waiting && native ? <span className="text-xs text-slate-500">Confirm in the campus page</span> : null}
              {command.result ? <span className="basis-full text-xs text-slate-500">{command.result.message}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
