"use client";

import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from "react";

type Announce = (message: string) => void;

const AnnouncerContext = createContext<Announce>(() => undefined);

/**
 * One polite live region for the whole app, present from the first paint, so that status changes
 * (a command's progress, the view after an error) are read out even when the element that shows
 * them is new. A message is written into the region, not rendered: announcing re-renders nothing.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const region = useRef<HTMLParagraphElement>(null);
  const announce = useCallback<Announce>((next) => {
    const element = region.current;
    if (!element) return;
    // Clearing first makes a repeated message count as a change.
    element.textContent = "";
    requestAnimationFrame(() => {
      element.textContent = next;
    });
  }, []);
  return (
    <AnnouncerContext value={announce}>
      {children}
      <p ref={region} data-testid="app-announcer" aria-live="polite" aria-atomic className="sr-only" />
    </AnnouncerContext>
  );
}

export function useAnnounce(): Announce {
  return useContext(AnnouncerContext);
}

/** Announces `message` each time it changes to a new non-empty value. */
export function useAnnounceChange(message: string | null) {
  const announce = useAnnounce();
  useEffect(() => {
    if (message) announce(message);
  }, [message, announce]);
}
