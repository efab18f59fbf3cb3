import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import type { Campus } from "./app";
import { SERVER_REQUEST_TIMEOUT_MS, SERVER_TIMEOUT_CHECK_INTERVAL_MS } from "./core/policy";
import { serveWithDroppedResponses } from "./http/drop-response";

/**
 * The campus as a Node HTTP server, not yet listening. Node's request timeout is the backstop
 * for a request whose headers or body never finish (policy.ts); the body limit answers first.
 */
export function createCampusServer(campus: Campus): Server {
  return createAdaptorServer({
    fetch: serveWithDroppedResponses(campus.app.fetch),
    serverOptions: {
      requestTimeout: SERVER_REQUEST_TIMEOUT_MS,
      headersTimeout: SERVER_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: SERVER_TIMEOUT_CHECK_INTERVAL_MS,
    },
  }) as Server;
}
