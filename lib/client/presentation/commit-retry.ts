import { AppError } from "@/lib/errors";

/**
 * Spec 3 commit: refused (409) until every selected tile is ready and visible, which the tiles
 * report to the campus themselves once their documents run. The page commits right after mounting
 * them and tries again every half second: for up to ten seconds after every tile document has
 * loaded (a busy device can take longer than that to load them), and for a minute at most in all;
 * a 503 or network failure is retried too.
 */
export const COMMIT_RETRY = { intervalMs: 500, budgetMs: 10_000, loadBudgetMs: 60_000 } as const;

function isRetryable(error: unknown): boolean {
  return error instanceof AppError && (error.code === "CALL_CONFLICT" || error.code === "INTERNAL_SERVER_ERROR");
}

type CommitRetryOptions = {
  signal: AbortSignal;
  /** When every tile document had loaded, or undefined while one is still loading; without it, loaded from the start. */
  tilesLoadedAt?: () => number | undefined;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/** Commits; a repeated commit answers the current status (docs/assumptions.md), so retries are harmless. */
export async function commitWhenTilesReady<T>(commit: () => Promise<T>, options: CommitRetryOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? sleepUnlessAborted;
  const startedAt = now();
  for (;;) {
    options.signal.throwIfAborted();
    try {
      return await commit();
    } catch (error) {
      options.signal.throwIfAborted();
      const loadedAt = options.tilesLoadedAt ? options.tilesLoadedAt() : startedAt;
      const deadline = Math.min(startedAt + COMMIT_RETRY.loadBudgetMs, loadedAt === undefined ? Infinity : Math.max(startedAt, loadedAt) + COMMIT_RETRY.budgetMs);
      if (!isRetryable(error) || now() + COMMIT_RETRY.intervalMs > deadline) throw error;
    }
    await sleep(COMMIT_RETRY.intervalMs, options.signal);
  }
}
