import type { HttpBindings, Http2Bindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";

/**
 * A "drop" fault: the call was handled (state changed) but its answer must never arrive.
 * The app signals it by rejecting with this error; in process (`app.request`) the rejection is
 * what a test observes, and on a real socket `serveWithDroppedResponses` closes the connection.
 */
export class ResponseDroppedError extends Error {
  constructor(readonly endpoint: string) {
    super(`The answer to ${endpoint} was dropped by fault injection`);
    this.name = "ResponseDroppedError";
  }
}

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** Wraps the app's fetch for the Node server: a dropped answer destroys the socket, sending nothing. */
export function serveWithDroppedResponses(fetch: Fetch): Fetch {
  return async (request, env) => {
    try {
      return await fetch(request, env);
    } catch (error) {
      if (!(error instanceof ResponseDroppedError)) throw error;
      env.outgoing.destroy();
      return RESPONSE_ALREADY_SENT;
    }
  };
}
