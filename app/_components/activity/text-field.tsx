const INPUT = "w-full rounded-lg border border-slate-400 bg-white px-2.5 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600";

/** One line of a form that starts an activity; the label doubles as the placeholder unless one is given. */
export function TextField(props: { testId: string; label: string; placeholder?: string; value: string; maxLength: number; onChange: (value: string) => void }) {
  return (
    <input
      data-testid={props.testId}
      className={INPUT}
      value={props.value}
      maxLength={props.maxLength}
      placeholder={props.placeholder ?? props.label}
      aria-label={props.label}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}
