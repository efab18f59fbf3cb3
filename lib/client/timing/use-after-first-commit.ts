import { useEffect, useState } from "react";

/**
 * False until a task after the mount's first commit, then true. A read keyed on it starts after
 * the view is shown rather than within the commit that shows it: SWR starts a read from a layout
 * effect, before the browser paints, and the call view's first reads held its first paint back by
 * their `fetch()` calls (docs/performance.md, "What the first view waits on").
 *
 * A task, not an animation frame: a frame never comes in a hidden document, and the reads must
 * start there too.
 */
export function useAfterFirstCommit(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return after;
}
