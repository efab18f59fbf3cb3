import { useEffect, useRef } from "react";
import { markStep, type MarkedStep } from "./timing-marks";

/**
 * Marks `step` at the first effect of a mount: the commit that shows it. StrictMode's second run
 * of the effect in development keeps the ref, so it marks nothing more.
 */
export function useMarkOnMount(step: MarkedStep): void {
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current) return;
    marked.current = true;
    markStep(step);
  }, [step]);
}
