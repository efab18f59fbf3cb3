import type { CallRole } from "@/lib/contract";

const INPUT =
  "rounded-lg border border-slate-400 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600";
const LABEL = "flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-700";

/** A member the app has seen in the roster: the username to read, the permanent userId to send. */
export type KnownMember = { userId: string; username: string; inCall: boolean };

/** The select's value that reveals the typed-ID field. */
export const BY_ID = "by-id";

/** Picks a recipient by username; the empty choice leaves the pick to the member in the campus page. */
export function MemberSelect(props: { testId: string; members: readonly KnownMember[]; value: string; onChange: (value: string) => void }) {
  return (
    <label className={LABEL}>
      Who
      <select data-testid={props.testId} className={INPUT} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">Anyone: I choose in the campus page</option>
        {props.members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.username}
            {member.inCall ? " (in the call)" : " (left the call)"}
          </option>
        ))}
        <option value={BY_ID}>Someone else, by permanent ID…</option>
      </select>
    </label>
  );
}

/** A permanent userId typed by the member, for someone the app has not seen. */
export function UserIdField(props: { testId: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className={`${LABEL} flex-1`}>
      {props.label}
      <input
        data-testid={props.testId}
        className={`${INPUT} font-mono`}
        value={props.value}
        maxLength={128}
        placeholder="usr_… (optional)"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

/** Empty keeps the campus's automatic allocation (spec 2, CallOperation `role`). */
export function RoleSelect(props: { testId: string; value: CallRole | ""; onChange: (value: CallRole | "") => void }) {
  return (
    <label className={LABEL}>
      Role
      <select
        data-testid={props.testId}
        className={INPUT}
        value={props.value}
        onChange={(event) => props.onChange(roleOf(event.target.value))}
      >
        <option value="">Automatic</option>
        <option value="speaker">Speaker</option>
        <option value="audience">Audience</option>
      </select>
    </label>
  );
}

function roleOf(value: string): CallRole | "" {
  return value === "speaker" || value === "audience" ? value : "";
}

/** The body fields of start and invite: only what the member filled in. */
export function recipientBody(recipientId: string, role: CallRole | "") {
  const trimmed = recipientId.trim();
  return { ...(trimmed ? { recipientId: trimmed } : {}), ...(role ? { role } : {}) };
}
