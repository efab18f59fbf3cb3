import "server-only";
import http from "node:http";
import https from "node:https";

/** One HTTP request to the campus, as `campusRequest` sends it. */
export type CampusExchangeRequest = {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request, or the reading of its answer, when the deadline passes. */
  signal: AbortSignal;
};

/** Its answer, read in full: all that `campusRequest` looks at. */
export type CampusExchangeAnswer = { status: number; retryAfter: string | null; text: string };

/** Rejects on a network failure or an abort; any status resolves. */
export type CampusExchange = (request: CampusExchangeRequest) => Promise<CampusExchangeAnswer>;

/*
 * Connections to the campus are kept alive and reused. An idle one must be dropped before the
 * campus drops it: a request written to a socket the server is closing fails as a reset, and a
 * visitor would see "campus unavailable" (heartbeats come every five seconds, and Node servers
 * close idle sockets after five). Node's agent expires a free socket one second before the
 * server's `Keep-Alive: timeout=N` hint, but only when the agent has a `timeout` of its own:
 * without one it keeps the socket until the server closes it. IDLE_SOCKET_TIMEOUT_MS is that
 * timeout, the upper bound for a campus that sends no hint; it never ends a request in flight
 * (the agent destroys only free sockets on a timeout; a request's deadline is its signal).
 */
const IDLE_SOCKET_TIMEOUT_MS = 4_000;
const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_TIMEOUT_MS };
const clients: Record<string, { agent: http.Agent; request: typeof http.request }> = {
  "http:": { agent: new http.Agent(agentOptions), request: http.request },
  "https:": { agent: new https.Agent(agentOptions), request: https.request },
};

/**
 * The campus exchange over node:http and node:https. Not `fetch`: every visitor heartbeats every
 * five seconds and polls its grant as often, and fetch's WHATWG objects (and Next's wrapper around
 * it) cost about twice the CPU of a plain request (`npm run bench`, the load run). Redirects are
 * not followed: a 3xx is an answer off the contract.
 */
export const nodeExchange: CampusExchange = ({ url, method, headers, body, signal }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = clients[target.protocol];
    if (!client) return reject(new Error(`unsupported protocol ${target.protocol}`));
    const sized = body === undefined ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(body)) };
    const outgoing = client.request(target, { method, headers: sized, agent: client.agent, signal }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("close", () => {
        if (!incoming.complete) return reject(new Error("the answer ended early"));
        const retryAfter = incoming.headers["retry-after"];
        resolve({ status: incoming.statusCode ?? 0, retryAfter: retryAfter ?? null, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });

/** The same exchange over a `fetch`: tests pass a fake one (`createCampusApi({ fetch })`). */
export function fetchExchange(fetchImpl: typeof fetch): CampusExchange {
  return async ({ url, method, headers, body, signal }) => {
    const response = await fetchImpl(url, { method, headers, body, signal, cache: "no-store", redirect: "error" });
    return { status: response.status, retryAfter: response.headers.get("Retry-After"), text: await response.text() };
  };
}
