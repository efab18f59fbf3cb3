import { useEffect } from "react";

/** Regions marked `data-focus-home` (with tabIndex -1) take the focus when the control inside them that held it goes away. */
const HOME_SELECTOR = "[data-focus-home]";

function isGone(element: Element): boolean {
  return !element.isConnected || element.matches(":disabled") || element.getClientRects().length === 0;
}

function homesOf(element: Element): Element[] {
  const homes: Element[] = [];
  for (let home = element.closest(HOME_SELECTOR); home; home = home.parentElement?.closest(HOME_SELECTOR) ?? null) homes.push(home);
  return homes;
}

/**
 * Focus never drops to the page body after an action: when the focused control goes away (a
 * button replaced by the next step, a view that changed), the nearest enclosing region that is
 * still on the page takes the focus, so the keyboard goes on from where the member was. Only while
 * the app's document has the focus: the app never takes it from the campus page (its prompts).
 */
export function useFocusHome() {
  useEffect(() => {
    let last: { element: Element; homes: Element[] } | null = null;
    const rescue = () => {
      if (!last || document.activeElement !== document.body || !document.hasFocus() || !isGone(last.element)) return;
      const home = last.homes.find((candidate) => candidate.isConnected) ?? document.querySelector(HOME_SELECTOR);
      last = null;
      if (home instanceof HTMLElement) home.focus({ preventScroll: true });
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element) last = { element: event.target, homes: homesOf(event.target) };
    };
    // A removed element fires no focusout; React's commit shows as a mutation.
    const onFocusOut = () => setTimeout(rescue, 0);
    const observer = new MutationObserver(rescue);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("focusout", onFocusOut);
    return () => {
      observer.disconnect();
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("focusout", onFocusOut);
    };
  }, []);
}
