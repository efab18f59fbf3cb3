"use client";

// First, before any schema of the contract is built in the browser (lib/client/zod-jitless.ts).
import "@/lib/client/zod-jitless";
import { useFocusHome } from "@/lib/client/a11y/focus-home";
import { chunkLoader, useChunk } from "@/lib/client/chunks/use-chunk";
import { useCampusLogin } from "@/lib/client/handshake/use-campus-login";
import { AnnouncerProvider, useAnnounceChange } from "../ui/announcer";
import { CodeNotLoadedPanel, ConnectingPanel, StatusPanel } from "../ui/status-panel";
import { ProblemView, problemTitle } from "./problem-view";

// The page's first scripts post `ready` with it as soon as this chunk arrives (embedded-app.tsx).
export { postReady } from "@/lib/client/handshake/use-campus-login";

/*
 * The signed-in views, and with them the schemas of the call, the commands, the presentations and
 * the activity, are a chunk of their own, fetched once the campus has given a code: they are built
 * while the frame waits on the backend's login (the code's exchange and the member's read), not
 * while it must read the state's answer and post `authenticate` (docs/performance.md). The
 * handshake's own path imports the contract's modules it needs by their files, so its chunk builds
 * only those.
 */
const signedInViewChunk = chunkLoader(() => import("./signed-in-view"));
const loadSignedInViews = () => void signedInViewChunk.load();

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
  const { view, signIn, signOut, reportError } = useCampusLogin(hostOrigins, loadSignedInViews);
  // Read only by the signed-in view: the chunk's arrival re-renders nothing before.
  const views = useChunk(view.name === "signed-in" ? signedInViewChunk : null);
  useFocusHome();
  useAnnounceChange(announcement(view.name));

  switch (view.name) {
    case "connecting":
      return <ConnectingPanel />;
    case "signing-in":
      return <SigningInPanel />;
    case "signed-in":
      if (!views) return <SigningInPanel />;
      if ("failed" in views) return <CodeNotLoadedPanel />;
      return <views.module.SignedInView session={view.session} onSignOut={() => void signOut()} onError={reportError} />;
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

function SigningInPanel() {
  return <StatusPanel state="signing-in" title="Signing you in…" message="Confirm in the campus if it asks." busy />;
}
