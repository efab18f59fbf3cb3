"use client";

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

type Announce = (message: string) => void;

const AnnouncerContext = createContext<Announce>(() => undefined);

/**
 * One polite live region for the whole app, present from the first paint, so that status changes
 * (a command's progress, the view after an error) are read out even when the element that shows
 * them is new.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const announce = useCallback<Announce>((next) => {
    // Clearing first makes a repeated message count as a change.
    setMessage("");
    requestAnimationFrame(() => setMessage(next));
  }, []);
  return (
    <AnnouncerContext value={announce}>
      {children}
      <p data-testid="app-announcer" aria-live="polite" aria-atomic className="sr-only">
        {message}
      </p>
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
