import type { ReactNode } from "react";
import type { ViewName } from "@/lib/client/handshake/view-state";
import { Button } from "./button";

type Tone = "neutral" | "warning" | "danger";

const TONE_ACCENT: Record<Tone, string> = {
  neutral: "bg-indigo-500",
  warning: "bg-amber-500",
  danger: "bg-rose-500",
};

/** The frame of every view that is not the signed-in one, centred in the app's frame; `data-state` names the view for tests. */
export function StatusPanel(props: {
  state: ViewName;
  title: string;
  message?: string | undefined;
  tone?: Tone;
  busy?: boolean;
  children?: ReactNode;
}) {
  const tone = props.tone ?? "neutral";
  return (
    <div className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4 py-8">
      <section
        data-testid="app-status"
        data-state={props.state}
        data-focus-home
        tabIndex={-1}
        aria-busy={props.busy ?? false}
        aria-labelledby="app-status-title"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {/* The pulse waits a second: most sign-ins are done by then, and a frame drawn for it
            takes the cores the sign-in needs (docs/performance.md). */}
        <div className={`h-1 ${TONE_ACCENT[tone]} ${props.busy ? "motion-safe:animate-pulse motion-safe:[animation-delay:1s]" : ""}`} />
        <div className="space-y-4 p-6">
          <div className="space-y-1">
            <h1 id="app-status-title" className="text-lg font-semibold tracking-tight">
              {props.title}
            </h1>
            {props.message && props.message !== props.title ? <p className="text-sm text-slate-600">{props.message}</p> : null}
          </div>
          {props.children}
        </div>
      </section>
    </div>
  );
}

export function ConnectingPanel() {
  return <StatusPanel state="connecting" title="Connecting to the campus…" busy />;
}

/** A chunk of the app's code did not arrive (a network failure, or a deployment that replaced it): a reload fetches it again. */
export function CodeNotLoadedPanel() {
  return (
    <StatusPanel state="error" tone="danger" title="The app could not load" message="Part of its code did not arrive. Reload to try again.">
      <Button testId="reload-app" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </StatusPanel>
  );
}
