import type { Clock } from "../core/clock";

/** A campus tab's `document.visibilityState`, as its page reports it (or the control API simulates). */
export type TabVisibility = { visible: boolean; changedAt: number };

export type TabStore = ReturnType<typeof createTabStore>;

/** policy.ts: a tab that has not reported counts as visible. */
export function createTabStore(clock: Clock) {
  const tabs = new Map<string, TabVisibility>();
  return {
    setVisibility(tabId: string, visible: boolean): TabVisibility {
      const current = tabs.get(tabId);
      if (current?.visible === visible) return current;
      const next = { visible, changedAt: clock.now() };
      tabs.set(tabId, next);
      return next;
    },
    isVisible: (tabId: string): boolean => tabs.get(tabId)?.visible ?? true,
    /** When the tab last became visible; timers restart with fresh grace from here (spec 3). */
    shownAt: (tabId: string): number | null => {
      const tab = tabs.get(tabId);
      return tab?.visible ? tab.changedAt : null;
    },
  };
}
