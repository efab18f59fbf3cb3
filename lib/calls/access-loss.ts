import "server-only";
import type { SessionBoundStore } from "@/lib/session/session-bound";
import { endsCallAccess } from "@/lib/auth/check-access";

/**
 * Runs a campus call request of the session; when the answer ends access (spec part 7), the
 * session's grant and commands are dropped before the error goes on to the page. A 401 keeps
 * them: a fresh login in the same launch keeps the live call (spec part 3).
 */
export async function clearingStaleBindings<T>(sid: string, callState: Pick<SessionBoundStore, "clear">, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (endsCallAccess(error)) await callState.clear(sid);
    throw error;
  }
}
