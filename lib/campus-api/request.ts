import "server-only";
import type { z } from "zod";
import { AppError, parseRetryAfter } from "@/lib/errors";

export const CAMPUS_UNAVAILABLE = "The campus is unavailable; try again";

export type CampusTransport = {
  /** {base_url} of the spec, without a trailing slash. */
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
};

type CampusRequest<T extends z.ZodType> = {
  method: "GET" | "POST";
  path: `/v1/${string}`;
  authorization: string;
  body?: unknown;
  schema: T;
  /** Overrides the transport's timeout, for requests the caller retries itself. */
  timeoutMs?: number;
};

/**
 * One request to the campus REST API. Every response is validated: a spec Error keeps its code
 * and status; a network failure, a timeout, a non-JSON body or a body off the contract is a 503.
 */
export async function campusRequest<T extends z.ZodType>(
  transport: CampusTransport,
  request: CampusRequest<T>,
): Promise<z.infer<T>> {
  const headers = new Headers({ Accept: "application/json", Authorization: request.authorization });
  if (request.body !== undefined) headers.set("Content-Type", "application/json");

  // A timer cleared as soon as the answer is read, not AbortSignal.timeout: that one holds the
  // request and its answer for the whole timeout, which under heartbeat load kept every campus
  // call of the last ten seconds alive and made garbage collection the largest pause.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException("The campus did not answer in time", "TimeoutError")), request.timeoutMs ?? transport.timeoutMs);
  let response: Response;
  let payload: unknown;
  try {
    try {
      response = await transport.fetch(`${transport.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        cache: "no-store",
        redirect: "error",
        signal: deadline.signal,
      });
    } catch (error) {
      throw unavailable(request, error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable");
    }
    try {
      payload = await response.json();
    } catch (error) {
      throw unavailable(request, error instanceof Error && error.name === "TimeoutError" ? "timed out" : `non-JSON response (HTTP ${response.status})`);
    }
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const error = AppError.fromBody(payload, {
      fallbackMessage: CAMPUS_UNAVAILABLE,
      retryAfterSeconds: parseRetryAfter(response.headers.get("Retry-After")),
    });
    if (error.code === "INTERNAL_SERVER_ERROR") logUnavailable(request, `HTTP ${response.status}`);
    throw error;
  }

  const result = request.schema.safeParse(payload);
  if (!result.success) throw unavailable(request, "response off the contract");
  return result.data;
}

function unavailable(request: CampusRequest<z.ZodType>, reason: string): AppError {
  logUnavailable(request, reason);
  return new AppError("INTERNAL_SERVER_ERROR", CAMPUS_UNAVAILABLE);
}

// Logs the endpoint and the reason only: never a header, a body, a code or a token.
function logUnavailable(request: CampusRequest<z.ZodType>, reason: string) {
  console.warn(`campus ${request.method} ${request.path}: ${reason}`);
}
