import "server-only";
import http from "node:http";
import https from "node:https";

/** One HTTP request to the campus, as `campusRequest` sends it. */
export type CampusHttpRequest = {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request, or the reading of its answer, when the deadline passes. */
  signal: AbortSignal;
};

/** Its answer, read in full: all that `campusRequest` looks at. */
export type CampusHttpAnswer = { status: number; retryAfter: string | null; text: string };

/** Rejects on a network failure or an abort; any status resolves. */
export type CampusHttp = (request: CampusHttpRequest) => Promise<CampusHttpAnswer>;

/*
 * Connections to the campus are kept alive, and an idle one is dropped before the campus drops it:
 * a request written to a socket the server is closing fails as a reset ("campus unavailable").
 * Node's agent honours the server's `Keep-Alive: timeout=N` hint only when it has a `timeout` of
 * its own; IDLE_SOCKET_TIMEOUT_MS is that timeout, the bound for a campus that sends no hint (Node
 * servers close idle sockets after five seconds). It ends free sockets only, never a request.
 */
const IDLE_SOCKET_TIMEOUT_MS = 4_000;
const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_TIMEOUT_MS };
const clients: Record<string, { agent: http.Agent; request: typeof http.request }> = {
  "http:": { agent: new http.Agent(agentOptions), request: http.request },
  "https:": { agent: new https.Agent(agentOptions), request: https.request },
};

/**
 * The campus transport over node:http and node:https, not `fetch`: every visitor calls the campus
 * every few seconds, and fetch's WHATWG objects (and Next's wrapper around it) cost more CPU than a
 * plain request. Redirects are not followed: a 3xx is an answer off the contract.
 *
 * The deadline is a listener of our own on the signal, removed when the request settles: the
 * request's `signal` option would hold a weak listener per request that only a full garbage
 * collection frees, so under heartbeat load they pile up between collections.
 */
export const sendOverNodeHttp: CampusHttp = ({ url, method, headers, body, signal }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = clients[target.protocol];
    if (!client) return reject(new Error(`unsupported protocol ${target.protocol}`));
    if (signal.aborted) return reject(new Error("the deadline passed before the request"));
    const sized = body === undefined ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(body)) };
    const outgoing = client.request(target, { method, headers: sized, agent: client.agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", fail);
      incoming.on("close", () => {
        if (!incoming.complete) return fail(new Error("the answer ended early"));
        const retryAfter = incoming.headers["retry-after"];
        settle();
        resolve({ status: incoming.statusCode ?? 0, retryAfter: retryAfter ?? null, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    const abort = () => outgoing.destroy(new Error("the deadline passed"));
    signal.addEventListener("abort", abort, { once: true });
    function settle() {
      signal.removeEventListener("abort", abort);
    }
    function fail(error: Error) {
      settle();
      reject(error);
    }
    outgoing.on("error", fail);
    outgoing.end(body);
  });

/** The same transport over a `fetch`: tests pass a fake one (`createCampusApi({ fetch })`). */
export function sendOverFetch(fetchImpl: typeof fetch): CampusHttp {
  return async ({ url, method, headers, body, signal }) => {
    const response = await fetchImpl(url, { method, headers, body, signal, cache: "no-store", redirect: "error" });
    return { status: response.status, retryAfter: response.headers.get("Retry-After"), text: await response.text() };
  };
}
