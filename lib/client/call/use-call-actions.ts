import { useCallback, useEffect, useRef, useState } from "react";
import { errorEffect, errorMessage } from "@/lib/client/fetch/error-effects";
import { createActionGate, type ActionGate } from "./action-gate";
import { markBusy } from "./busy-mark";

/** The last refusal, shown next to the control that got it (spec part 7: "show the returned message"). */
export type ControlFeedback = { control: string; message: string; refreshed: boolean };

/** A 429 holds every command control back: the app's command limit is per launch (spec part 8). */
export type RateLimit = { control: string; until: number; secondsLeft: number };

export type CallActionHandlers = {
  /** 401: the login half takes over. */
  onExpired: (error: unknown) => void;
  /** ACCESS_REVOKED, APP_UNAVAILABLE. */
  onAccessLost: (error: unknown) => void;
  /** CALL_CONFLICT: refresh status and grant. */
  onConflict: () => void;
};

const COUNTDOWN_TICK_MS = 250;

/**
 * Runs the call view's user actions one at a time and maps their failures (spec part 7) to what
 * the view shows: a message by the control, a Retry-After countdown, a refresh, or a state change.
 * `busy` names the action running once it has run a while (lib/client/call/action-gate.ts); the
 * element given `busyRegion` is marked aria-busy from the click on.
 */
export function useCallActions(handlers: CallActionHandlers) {
  const [busy, setBusy] = useState<string | null>(null);
  const region = useRef<HTMLElement | null>(null);
  const busyRegion = useCallback((element: HTMLElement | null) => {
    region.current = element;
  }, []);
  const gate = useRef<ActionGate | null>(null);
  gate.current ??= createActionGate({ mark: () => markBusy(region.current), show: setBusy });
  const [feedback, setFeedback] = useState<ControlFeedback | null>(null);
  const [rateLimit, setRateLimit] = useState<RateLimit | null>(null);
  const { onExpired, onAccessLost, onConflict } = handlers;

  const limited = rateLimit !== null;
  useEffect(() => {
    if (!limited) return;
    const timer = setInterval(() => {
      setRateLimit((current) => {
        if (!current) return null;
        const secondsLeft = Math.ceil((current.until - Date.now()) / 1000);
        if (secondsLeft <= 0) return null;
        return secondsLeft === current.secondsLeft ? current : { ...current, secondsLeft };
      });
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [limited]);

  const run = useCallback(
    async <T,>(control: string, action: () => Promise<T>): Promise<T | undefined> => {
      const leave = gate.current?.enter(control);
      if (!leave) return undefined;
      setFeedback(null);
      try {
        return await action();
      } catch (error) {
        const effect = errorEffect(error);
        const message = errorMessage(error);
        switch (effect.kind) {
          case "expired":
            onExpired(error);
            break;
          case "access-lost":
            onAccessLost(error);
            break;
          case "rate-limited":
            setRateLimit({ control, until: Date.now() + effect.retryAfterSeconds * 1000, secondsLeft: effect.retryAfterSeconds });
            setFeedback({ control, message, refreshed: false });
            break;
          case "conflict":
            onConflict();
            setFeedback({ control, message, refreshed: true });
            break;
          default:
            setFeedback({ control, message, refreshed: false });
        }
        return undefined;
      } finally {
        leave();
      }
    },
    [onExpired, onAccessLost, onConflict],
  );

  return { run, busy, busyRegion, feedback, rateLimit, dismiss: () => setFeedback(null) };
}

export type CallActions = ReturnType<typeof useCallActions>;
