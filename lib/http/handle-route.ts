import "server-only";
import type { NextRequest } from "next/server";
import { AppError, NO_STORE } from "@/lib/errors";
import { logError } from "@/lib/log";

type RouteHandler = (request: NextRequest) => Promise<Response>;

/**
 * Wraps an API route handler so every route maps errors the same way: an AppError keeps its spec
 * code and status; anything else is a 503 with a generic message, never a stack.
 */
export function handleRoute(handler: RouteHandler): RouteHandler {
  return async (request) => {
    try {
      const response = await handler(request);
      response.headers.set("Cache-Control", NO_STORE);
      return response;
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** An error as the spec's Error shape, with no-store. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof AppError) return error.toResponse();
  logError("api.unexpected", error);
  return new AppError("INTERNAL_SERVER_ERROR", "The app is temporarily unavailable; try again").toResponse();
}
