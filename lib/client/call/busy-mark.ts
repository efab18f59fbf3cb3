/**
 * Marks the region that holds the controls, and the control in it that has the focus, aria-busy
 * while an action runs; returns what removes the marks. Written into the DOM rather than rendered,
 * as the announcer writes its messages (app/_components/ui/announcer.tsx): a command that answers
 * at once renders nothing for it, yet a screen reader learns at the click that it is under way.
 * React renders no aria-busy on the region or on a control, so no render writes over the mark.
 */
export function markBusy(region: HTMLElement | null): () => void {
  if (!region) return () => undefined;
  const focused = document.activeElement;
  const marked = focused instanceof HTMLElement && focused !== region && region.contains(focused) ? [region, focused] : [region];
  for (const element of marked) element.setAttribute("aria-busy", "true");
  return () => {
    for (const element of marked) element.removeAttribute("aria-busy");
  };
}
