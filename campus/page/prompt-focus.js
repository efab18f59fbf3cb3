// Native prompts take focus when they appear and give it back when the last one goes: to the
// element that had it before (usually the app's iframe, whose own document keeps its focused
// control), so that a keyboard user goes on where they were.

const FOCUSABLE = "select, input, button, [href], textarea, [tabindex]:not([tabindex='-1'])";

function focusPrompt(prompt) {
  (prompt.querySelector(FOCUSABLE) ?? prompt).focus();
}

/** `fallback` names where focus goes when the element that had it is gone (a remounted frame). */
export function createPromptFocus(area, { fallback }) {
  let returnTo = null;

  return {
    /** After a render: `added` lists the prompts that were not shown before, in order. */
    settle(added) {
      const active = document.activeElement;
      const focusLost = active === null || active === document.body;
      if (added.length > 0) {
        if (!area.contains(active)) returnTo = focusLost ? null : active;
        focusPrompt(added[0]);
        return;
      }
      const remaining = area.firstElementChild;
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
