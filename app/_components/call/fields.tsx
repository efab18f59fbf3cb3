import type { CallRole } from "@/lib/contract";

const INPUT = "rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600";

/** A permanent userId typed by the member: the app has no member directory. */
export function UserIdField(props: { testId: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-slate-500">
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
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-500">
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
