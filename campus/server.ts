import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import type { Campus } from "./app";
import { LINGER_IDLE_MS, LINGER_MAX_MS, SERVER_REQUEST_TIMEOUT_MS, SERVER_TIMEOUT_CHECK_INTERVAL_MS } from "./core/policy";
import { serveWithDroppedResponses } from "./http/drop-response";
import type { LingerLimits } from "./http/linger-close";
import { closeConnectionsLingering } from "./http/linger-close";

export type CampusServerOptions = {
  /** How long a closing connection reads and drops what still arrives (policy.ts). */
  linger?: LingerLimits;
};

/**
 * The campus as a Node HTTP server, not yet listening. Node's request timeout is the backstop
 * for a request whose headers or body never finish (policy.ts); the body limit answers first.
 * A connection the campus closes closes lingering (RFC 9112 9.6), so that its answer is read.
 */
export function createCampusServer(campus: Campus, options: CampusServerOptions = {}): Server {
  const linger = options.linger ?? { idleMs: LINGER_IDLE_MS, maxMs: LINGER_MAX_MS };
  const server = createAdaptorServer({
    fetch: serveWithDroppedResponses(campus.app.fetch),
    serverOptions: {
      requestTimeout: SERVER_REQUEST_TIMEOUT_MS,
      headersTimeout: SERVER_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: SERVER_TIMEOUT_CHECK_INTERVAL_MS,
    },
  }) as Server;
  closeConnectionsLingering(server, linger);
  return server;
}
