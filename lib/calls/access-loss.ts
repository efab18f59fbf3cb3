import "server-only";
import { AppError } from "@/lib/errors";
import type { CallStateStore } from "./call-state-store";

/** Spec part 7: ACCESS_REVOKED and APP_UNAVAILABLE end the app's access; its call bindings are stale. */
export function endsCallAccess(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === "ACCESS_REVOKED" || error.code === "APP_UNAVAILABLE");
}

/**
 * Runs a campus call request of the session; when the answer ends access, the session's grant and
 * commands are dropped before the error goes on to the page. A 401 keeps them: a fresh login in
 * the same launch keeps the live call (spec part 3).
 */
export async function clearingStaleBindings<T>(sid: string, callState: CallStateStore, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (endsCallAccess(error)) await callState.clear(sid);
    throw error;
  }
}
