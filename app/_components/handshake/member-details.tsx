import type { Member, Scope } from "@/lib/contract";

/** One userinfo field: its value, "Not set" when null, or "Not shared" with the scope that would share it. */
function MemberField(props: { label: string; testId: string; value: string | null | undefined; scope?: Scope; hint?: string }) {
  return (
    <div className="grid grid-cols-3 gap-3 py-2">
      <dt className="text-xs font-medium text-slate-600">{props.label}</dt>
      <dd data-testid={props.testId} className="col-span-2 text-sm break-all text-slate-900">
        {props.value === undefined ? (
          <span className="text-slate-600">
            Not shared{props.scope ? <span className="text-xs"> · shared with {props.scope}</span> : null}
          </span>
        ) : props.value === null ? (
          <span className="text-slate-600">Not set</span>
        ) : (
          props.value
        )}
        {props.hint ? <span className="block text-xs text-slate-600">{props.hint}</span> : null}
      </dd>
    </div>
  );
}

function countryName(code: string): string {
  try {
    const name = new Intl.DisplayNames(undefined, { type: "region" }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeZone: "UTC" }).format(new Date(isoDate));
}

const map = <T, R>(value: T | null | undefined, format: (value: T) => R) =>
  value === null || value === undefined ? value : format(value);

/** Only what userinfo returned (spec part 2): unapproved fields are absent, not guessed. */
export function MemberDetails({ member }: { member: Member }) {
  return (
    <dl className="divide-y divide-slate-100 border-y border-slate-100">
      <MemberField label="Permanent ID" testId="member-userid" value={member.userId} hint="userId: use it for records" />
      <MemberField label="Name" testId="member-name" value={member.name} scope="profile:read" />
      <MemberField label="Country" testId="member-country" value={map(member.countryCode, countryName)} scope="profile:read" />
      <MemberField label="Birthdate" testId="member-birthdate" value={map(member.birthdate, longDate)} scope="birthdate:read" />
      <div className="grid grid-cols-3 gap-3 py-2">
        <dt className="text-xs font-medium text-slate-600">Scopes</dt>
        <dd className="col-span-2">
          {member.scopes.length === 0 ? (
            <span className="text-sm text-slate-600">No scopes — sign-in only</span>
          ) : (
            <ul className="flex flex-wrap gap-1.5">
              {member.scopes.map((scope) => (
                <li key={scope} data-testid="member-scope" className="rounded-full bg-indigo-50 px-2.5 py-0.5 font-mono text-xs text-indigo-700">
                  {scope}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}
