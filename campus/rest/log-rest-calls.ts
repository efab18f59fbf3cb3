import { createMiddleware } from "hono/factory";
import { errorBodySchema } from "../../lib/contract";
import { toIsoTime } from "../clock";
import type { CampusContext } from "../context";
import type { CampusEnv } from "../hono-env";
import { ResponseDroppedError } from "./drop-response";

async function readErrorCode(response: Response): Promise<string | null> {
  if (response.status < 400) return null;
  const body: unknown = await response.clone().json().catch(() => null);
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.error.code : null;
}

/** Appends each answered (or handled and dropped) REST call to the log the campus page shows. */
export function logRestCalls(context: CampusContext) {
  return createMiddleware<CampusEnv>(async (c, next) => {
    let dropped = false;
    try {
      await next();
    } catch (error) {
      dropped = error instanceof ResponseDroppedError;
      throw error;
    } finally {
      const fault = c.get("faultKind");
      context.state.requestLog.appendEntry({
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        code: await readErrorCode(c.res),
        username: c.get("memberUsername") ?? null,
        at: toIsoTime(context.clock.now()),
        fault: dropped ? "drop" : (fault ?? null),
      });
    }
  });
}
