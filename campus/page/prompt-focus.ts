// Native prompts take focus when they appear and give it back when the last one goes: to the
// element that had it before (usually the app's iframe, whose own document keeps its focused
// control), so that a keyboard user goes on where they were.

const FOCUSABLE = "select, input, button, [href], textarea, [tabindex]:not([tabindex='-1'])";

function focusPrompt(prompt: HTMLElement): void {
  (prompt.querySelector<HTMLElement>(FOCUSABLE) ?? prompt).focus();
}

type Focusable = HTMLElement | SVGElement;
const isFocusable = (node: Element | null): node is Focusable => node instanceof HTMLElement || node instanceof SVGElement;

/** `fallback` names where focus goes when the element that had it is gone (a remounted frame). */
export function createPromptFocus(area: HTMLElement, { fallback }: { fallback: () => HTMLElement | null }) {
  let returnTo: Focusable | null = null;

  return {
    /** After a render: `added` lists the prompts that were not shown before, in order. */
    settle(added: readonly HTMLElement[]): void {
      const active = document.activeElement;
      const focusLost = active === null || active === document.body;
      if (added.length > 0) {
        if (!area.contains(active)) returnTo = focusLost || !isFocusable(active) ? null : active;
        focusPrompt(added[0]!);
        return;
      }
      const remaining = area.firstElementChild instanceof HTMLElement ? area.firstElementChild : null;
      if (remaining && focusLost) {
        focusPrompt(remaining);
        return;
      }
      if (!remaining) {
        if (focusLost) (returnTo?.isConnected ? returnTo : fallback())?.focus();
        returnTo = null;
      }
    },
  };
}
