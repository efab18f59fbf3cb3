import type { ReactNode } from "react";
import type { ViewName } from "@/lib/client/handshake/view-state";

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
        <div className={`h-1 ${TONE_ACCENT[tone]} ${props.busy ? "animate-pulse" : ""}`} />
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

const VARIANT = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500",
  secondary: "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
  danger: "border border-rose-300 bg-white text-rose-700 hover:bg-rose-50",
} as const;

/**
 * A button that stays focusable while disabled (`aria-disabled`): a control that is busy keeps the
 * keyboard focus instead of dropping it to the page body, and its click does nothing.
 */
export function Button(props: {
  /** Optional for a form's submit button. */
  onClick?: () => void;
  children: ReactNode;
  testId?: string;
  variant?: keyof typeof VARIANT;
  size?: "md" | "sm";
  type?: "button" | "submit";
  disabled?: boolean | undefined;
  pressed?: boolean;
  className?: string;
}) {
  const size = props.size === "sm" ? "px-2.5 py-1.5 text-xs" : "px-4 py-2 text-sm";
  return (
    <button
      type={props.type ?? "button"}
      data-testid={props.testId}
      aria-disabled={props.disabled || undefined}
      aria-pressed={props.pressed}
      onClick={(event) => {
        if (props.disabled) {
          event.preventDefault();
          return;
        }
        props.onClick?.();
      }}
      className={`rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${size} ${VARIANT[props.variant ?? "primary"]} ${props.className ?? ""}`}
    >
      {props.children}
    </button>
  );
}

export function ConnectingPanel() {
  return <StatusPanel state="connecting" title="Connecting to the campus…" busy />;
}
