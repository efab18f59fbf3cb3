import type { SignedInSession } from "@/lib/client/sign-in";
import { useMember } from "@/lib/client/use-member";
import { CallView } from "./call/call-view";
import { MemberDetails } from "./member-details";
import { Button, StatusPanel } from "./status-panel";

export function SignedInView(props: {
  session: SignedInSession;
  onSignOut: () => void;
  onError: (error: unknown) => void;
}) {
  const { data, isValidating, revalidate } = useMember(props.session.launch, props.session.login, props.onError);
  const { member } = data;

  return (
    <div className="space-y-4">
      <StatusPanel state="signed-in" title="Signed in through the campus">
        <div className="flex items-center gap-3">
          <div aria-hidden className="flex size-10 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700 uppercase">
            {(member.username ?? "?").slice(0, 1)}
          </div>
          <div className="min-w-0">
            {/* The username is for display only; it can change. Without profile:read the view falls back to the userId. */}
            <p data-testid="member-username" className="truncate font-medium">
              {member.username ?? member.userId}
            </p>
            {member.username ? null : <p className="text-xs text-slate-500">Username not shared · shared with profile:read</p>}
          </div>
        </div>

        <MemberDetails member={member} />

        <div className="flex flex-wrap items-center gap-2">
          <Button testId="check-access" variant="secondary" onClick={revalidate} disabled={isValidating}>
            {isValidating ? "Checking…" : "Check access"}
          </Button>
          <Button testId="sign-out" variant="secondary" onClick={props.onSignOut}>
            Sign out
          </Button>
          <p className="ml-auto text-xs text-slate-500">Your sign-in renews automatically.</p>
        </div>
      </StatusPanel>
      <CallView launch={props.session.launch} campusOrigin={props.session.campusOrigin} member={member} onExpired={props.onError} />
    </div>
  );
}
