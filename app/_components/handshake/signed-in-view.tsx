import { SWRConfig } from "swr";
import type { SignedInSession } from "@/lib/client/handshake/sign-in";
import { useMember } from "@/lib/client/handshake/use-member";
import { useMarkOnMount } from "@/lib/client/timing/use-mark-on-mount";
import { CallView } from "../call/call-view";
import { Button } from "../ui/button";
import { MemberDetails } from "./member-details";

type SignedInViewProps = {
  session: SignedInSession;
  onSignOut: () => void;
  onError: (error: unknown) => void;
};

/**
 * Each sign-in reads through a cache of its own. The keys name the launch, which a sign-in after
 * an expiry keeps: with one shared cache, a new view could take the answer of a read the old
 * session sent (SWR joins reads of one key in flight), get its 401 and show "expired" again. A
 * renewal keeps the view, and with it the cache.
 */
export function SignedInView(props: SignedInViewProps) {
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <SignedInContent {...props} />
    </SWRConfig>
  );
}

/**
 * The signed-in app fills its frame: a slim bar with who is signed in, then the call view (its
 * stage, and a side panel with the roster, the poll, the requests and this profile).
 */
function SignedInContent(props: SignedInViewProps) {
  const { data, isValidating, revalidate } = useMember(props.session.launch, props.session.login, props.onError);
  const { member } = data;
  // Once per sign-in: a renewal keeps this view mounted.
  useMarkOnMount("view rendered");

  const profile = (
    <section aria-labelledby="profile-title" className="space-y-2">
      <h2 id="profile-title" className="text-sm font-semibold">
        What the campus shared
      </h2>
      <MemberDetails member={member} />
      <p className="text-xs text-slate-600">Your sign-in renews automatically.</p>
    </section>
  );

  return (
    <div className="flex min-h-dvh flex-col md:h-dvh">
      <header
        data-testid="app-status"
        data-state="signed-in"
        data-focus-home
        tabIndex={-1}
        className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-2"
      >
        <div aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 uppercase">
          {(member.username ?? "?").slice(0, 1)}
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="text-xs text-slate-600">Signed in through the campus</h1>
          {/* The username is for display only; it can change. Without profile:read the view falls back to the userId. */}
          <p data-testid="member-username" className="truncate text-sm font-semibold">
            {member.username ?? member.userId}
          </p>
          {member.username ? null : <p className="text-xs text-slate-600">Username not shared · shared with profile:read</p>}
        </div>
        <div className="flex items-center gap-2">
          <Button testId="check-access" variant="secondary" size="sm" onClick={revalidate} disabled={isValidating}>
            {isValidating ? "Checking…" : "Check access"}
          </Button>
          <Button testId="sign-out" variant="secondary" size="sm" onClick={props.onSignOut}>
            Sign out
          </Button>
        </div>
      </header>
      <CallView launch={props.session.launch} campusOrigin={props.session.campusOrigin} member={member} onExpired={props.onError} profile={profile} />
    </div>
  );
}
