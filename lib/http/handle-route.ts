import "server-only";
import { AppError, NO_STORE } from "@/lib/errors";
import type { ApiRequest } from "@/lib/http/api-request";
import type { ApiAnswer } from "@/lib/http/respond";
import { logError } from "@/lib/log";

/** A route handler before its answer is a web Response (lib/http/respond.ts). */
export type AnswerHandler = (request: ApiRequest) => Promise<ApiAnswer>;

/**
 * Wraps an API route handler so every route maps errors the same way: an AppError keeps its spec
 * code and status; anything else is a 503 with a generic message, never a stack.
 */
export function handleRoute(handler: AnswerHandler): AnswerHandler {
  return async (request) => {
    try {
      const answer = await handler(request);
      return { ...answer, headers: { ...answer.headers, "Cache-Control": NO_STORE } };
    } catch (error) {
      return toErrorAnswer(error);
    }
  };
}

/**
 * What a client waits before asking again after an unexpected fault: most are a store's blip (a
 * failover, a restart), over within seconds, and a request that waits a second usually succeeds.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/** An error as the spec's Error shape, with no-store. */
export function toErrorAnswer(error: unknown): ApiAnswer {
  if (error instanceof AppError) return error.toAnswer();
  logError("api.unexpected", error);
  return new AppError("INTERNAL_SERVER_ERROR", "The app is temporarily unavailable; try again", { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS }).toAnswer();
}
