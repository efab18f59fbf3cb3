import { useEffect } from "react";

/** Regions marked `data-focus-home` (with tabIndex -1) take the focus when the control inside them that held it goes away. */
const HOME_SELECTOR = "[data-focus-home]";

function isGone(element: Element): boolean {
  return !element.isConnected || element.matches(":disabled") || element.getClientRects().length === 0;
}

/**
 * Focus never drops to the page body after an action: when the focused control disappears (a
 * button replaced by the next step, a view that changed), the nearest enclosing region that is still
 * on the page takes the focus, so the keyboard goes on from where the member was.
 */
export function useFocusHome() {
  useEffect(() => {
    function onFocusOut(event: FocusEvent) {
      const target = event.target;
      if (!(target instanceof Element) || event.relatedTarget) return;
      const homes: Element[] = [];
      for (let home = target.closest(HOME_SELECTOR); home; home = home.parentElement?.closest(HOME_SELECTOR) ?? null) homes.push(home);
      // After React has committed the change that removed the control.
      setTimeout(() => {
        if (document.activeElement !== document.body || !isGone(target)) return;
        const home = homes.find((candidate) => candidate.isConnected) ?? document.querySelector(HOME_SELECTOR);
        if (home instanceof HTMLElement) home.focus({ preventScroll: true });
      }, 0);
    }
    document.addEventListener("focusout", onFocusOut);
    return () => document.removeEventListener("focusout", onFocusOut);
  }, []);
}
