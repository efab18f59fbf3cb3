"use client";

// First, before any schema of the contract is built in the browser (lib/client/zod-jitless.ts).
import "@/lib/client/zod-jitless";
import { SWRConfig } from "swr";
import { useFocusHome } from "@/lib/client/a11y/focus-home";
import { useCampusLogin } from "@/lib/client/handshake/use-campus-login";
import { AnnouncerProvider, useAnnounceChange } from "../ui/announcer";
import { ConnectingPanel, StatusPanel } from "../ui/status-panel";
import { ProblemView, problemTitle } from "./problem-view";
import { SignedInView } from "./signed-in-view";

// The page's first scripts post `ready` with it as soon as this chunk arrives (embedded-app.tsx).
export { postReady } from "@/lib/client/handshake/use-campus-login";

type CampusAppProps = {
  hostOrigins: readonly string[];
  /** The local campus page, linked when the app is opened outside it in development. */
  campusLink: string | null;
};

/** The app inside the campus frame: the handshake, then the signed-in member or a way forward. */
export function CampusApp(props: CampusAppProps) {
  return (
    <AnnouncerProvider>
      <CampusViews {...props} />
    </AnnouncerProvider>
  );
}

function CampusViews({ hostOrigins, campusLink }: CampusAppProps) {
  const { view, signIn, signOut, reportError } = useCampusLogin(hostOrigins);
  useFocusHome();
  useAnnounceChange(announcement(view.name));

  switch (view.name) {
    case "connecting":
      return <ConnectingPanel />;
    case "signing-in":
      return <StatusPanel state="signing-in" title="Signing you in…" message="Confirm in the campus if it asks." busy />;
    case "signed-in":
      // Each sign-in reads through a cache of its own. The keys name the launch, which a sign-in
      // after an expiry keeps: with one shared cache, a new view could take the answer of a read
      // the old session sent (SWR joins reads of one key in flight), get its 401 and show
      // "expired" again. A renewal keeps the view, and with it the cache.
      return (
        <SWRConfig value={{ provider: () => new Map() }}>
          <SignedInView session={view.session} onSignOut={() => void signOut()} onError={reportError} />
        </SWRConfig>
      );
    default:
      return <ProblemView view={view} onSignIn={signIn} campusLink={campusLink} />;
  }
}

function announcement(name: ReturnType<typeof useCampusLogin>["view"]["name"]): string | null {
  if (name === "connecting") return null;
  if (name === "signing-in") return "Signing you in. Confirm in the campus page if it asks.";
  if (name === "signed-in") return "Signed in through the campus.";
  return problemTitle(name);
}
