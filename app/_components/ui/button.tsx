import type { ReactNode } from "react";

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
