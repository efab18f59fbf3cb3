import "server-only";
import type { z } from "zod";
import { AppError, parseRetryAfter } from "@/lib/errors";
import { logWarning } from "@/lib/log";
import type { CampusHttp, CampusHttpAnswer } from "./http-transport";

export const CAMPUS_UNAVAILABLE = "The campus is unavailable; try again";

export type CampusTransport = {
  /** {base_url} of the spec, without a trailing slash. */
  baseUrl: string;
  send: CampusHttp;
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
  const headers: Record<string, string> = { Accept: "application/json", Authorization: request.authorization };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";

  // A timer cleared as soon as the answer is read, not AbortSignal.timeout: that one holds the
  // request and its answer for the whole timeout, which under heartbeat load kept every campus
  // call of the last ten seconds alive and made garbage collection the largest pause.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs ?? transport.timeoutMs);
  let answer: CampusHttpAnswer;
  try {
    answer = await transport.send({
      url: `${transport.baseUrl}${request.path}`,
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: deadline.signal,
    });
  } catch {
    throw unavailable(request, deadline.signal.aborted ? "timed out" : "unreachable");
  } finally {
    clearTimeout(timer);
  }

  let payload: unknown;
  try {
    payload = JSON.parse(answer.text);
  } catch {
    throw unavailable(request, `non-JSON response (HTTP ${answer.status})`);
  }

  if (answer.status < 200 || answer.status > 299) {
    const error = AppError.fromBody(payload, {
      fallbackMessage: CAMPUS_UNAVAILABLE,
      retryAfterSeconds: parseRetryAfter(answer.retryAfter),
    });
    if (error.code === "INTERNAL_SERVER_ERROR") logUnavailable(request, `HTTP ${answer.status}`);
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
  logWarning("campus.unavailable", { method: request.method, path: request.path, reason });
}
