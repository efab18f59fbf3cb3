import type { ReactNode } from "react";
import type { ViewName } from "@/lib/client/view-state";

type Tone = "neutral" | "warning" | "danger";

const TONE_ACCENT: Record<Tone, string> = {
  neutral: "bg-indigo-500",
  warning: "bg-amber-500",
  danger: "bg-rose-500",
};

/** The frame of every view; `data-state` names the view for tests. */
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
    <section
      data-testid="app-status"
      data-state={props.state}
      aria-live="polite"
      aria-busy={props.busy ?? false}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className={`h-1 ${TONE_ACCENT[tone]} ${props.busy ? "animate-pulse" : ""}`} />
      <div className="space-y-4 p-6">
        <div className="space-y-1">
          <h1 className="text-lg font-semibold tracking-tight">{props.title}</h1>
          {props.message && props.message !== props.title ? (
            <p className="text-sm text-slate-600">{props.message}</p>
          ) : null}
        </div>
        {props.children}
      </div>
    </section>
  );
}

export function Button(props: {
  /** Optional for a form's submit button. */
  onClick?: () => void;
  children: ReactNode;
  testId?: string;
  variant?: "primary" | "secondary";
  size?: "md" | "sm";
  type?: "button" | "submit";
  disabled?: boolean;
}) {
  const style =
    props.variant === "secondary"
      ? "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      : "bg-indigo-600 text-white hover:bg-indigo-500";
  const size = props.size === "sm" ? "px-2.5 py-1 text-xs" : "px-4 py-2 text-sm";
  return (
    <button
      type={props.type ?? "button"}
      data-testid={props.testId}
      onClick={props.onClick}
      disabled={props.disabled}
      className={`rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-60 ${size} ${style}`}
    >
      {props.children}
    </button>
  );
}

export function ConnectingPanel() {
  return <StatusPanel state="connecting" title="Connecting to the campus…" busy />;
}
