"use client";

import { useCampusLogin } from "@/lib/client/use-campus-login";
import { ProblemView } from "./problem-view";
import { SignedInView } from "./signed-in-view";
import { ConnectingPanel, StatusPanel } from "./status-panel";

/** The app inside the campus frame: the handshake, then the signed-in member or a way forward. */
export function CampusApp({ hostOrigins }: { hostOrigins: readonly string[] }) {
  const { view, signIn, signOut, reportError } = useCampusLogin(hostOrigins);

  switch (view.name) {
    case "connecting":
      return <ConnectingPanel />;
    case "signing-in":
      return <StatusPanel state="signing-in" title="Signing you in…" message="Confirm in the campus if it asks." busy />;
    case "signed-in":
      return <SignedInView session={view.session} onSignOut={() => void signOut()} onError={reportError} />;
    default:
      return <ProblemView view={view} onSignIn={signIn} />;
  }
}
