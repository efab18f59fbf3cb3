import type { ProblemView as Problem } from "@/lib/client/handshake/view-state";
import { Button } from "../ui/button";
import { StatusPanel } from "../ui/status-panel";

type Copy = { title: string; tone: "neutral" | "warning" | "danger"; action?: "sign-in" | "try-again" | "retry"; hint?: string };

const COPY: Record<Problem["name"], Copy> = {
  denied: { title: "You chose not to sign in", tone: "warning", action: "sign-in", hint: "The app needs your consent to know who you are." },
  revoked: { title: "Access was revoked in the campus", tone: "warning", action: "sign-in" },
  "unavailable-app": { title: "Reopen the app from the campus", tone: "warning", hint: "This app can no longer be used in this frame." },
  expired: { title: "Your session expired", tone: "neutral", action: "sign-in" },
  "campus-unavailable": { title: "The campus is unavailable", tone: "danger", action: "try-again" },
  "signed-out": { title: "You are signed out", tone: "neutral", action: "sign-in" },
  "not-embedded": { title: "Open this app from the campus", tone: "neutral", hint: "It runs inside a campus page and signs you in from there." },
  "no-answer": { title: "The campus did not answer", tone: "warning", action: "retry", hint: "The app keeps listening and signs you in as soon as the campus answers. Retry asks again now; if it keeps happening, reload the campus page." },
  error: { title: "Something went wrong", tone: "danger", action: "sign-in" },
};

/**
 * Opened in a tab rather than in the campus's frame: the same view the handshake would end on, as
 * the page's first paint, with no sign-in to offer.
 */
export function NotEmbeddedView({ campusLink }: { campusLink: string | null }) {
  const view: Problem = { name: "not-embedded", message: COPY["not-embedded"].title };
  return <ProblemView view={view} onSignIn={signInNowhere} campusLink={campusLink} />;
}

const signInNowhere = () => undefined;

export function problemTitle(name: Problem["name"]): string {
  return COPY[name].title;
}

/** Every state that is not signed in, each with the returned message and a way forward. */
export function ProblemView({ view, onSignIn, campusLink }: { view: Problem; onSignIn: () => void; campusLink: string | null }) {
  const copy = COPY[view.name];
  return (
    <StatusPanel state={view.name} title={copy.title} message={view.message} tone={copy.tone}>
      {copy.hint ? <p className="text-sm text-slate-600">{copy.hint}</p> : null}
      {view.name === "not-embedded" && campusLink ? (
        <a
          data-testid="campus-link"
          href={campusLink}
          target="_top"
          className="inline-block rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Open the local campus
        </a>
      ) : null}
      {copy.action === "sign-in" ? (
        <Button testId="sign-in" onClick={onSignIn}>
          Sign in
        </Button>
      ) : null}
      {copy.action === "retry" ? (
        <Button testId="retry" onClick={onSignIn}>
          Retry
        </Button>
      ) : null}
      {copy.action === "try-again" ? (
        <Button testId="try-again" onClick={onSignIn}>
          Try again
        </Button>
      ) : null}
    </StatusPanel>
  );
}
