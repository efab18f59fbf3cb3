import type { z } from "zod";
import { LAUNCH_HEADER, SESSION_HEADER } from "@/lib/wire/auth-routes";
import { AppError, parseRetryAfter } from "@/lib/errors";

/** What the page knows of its launch, held in memory only (never in storage or JS cookies). */
export type LaunchCredentials = {
  launchId: string;
  /** Cookieless mode only. */
  sessionHandle?: string | undefined;
};

type ApiRequest<T extends z.ZodType> = {
  launch: LaunchCredentials;
  method?: "GET" | "POST";
  body?: unknown;
  schema: T;
  /** Lets the request outlive the page (a release on `pagehide`); sendBeacon cannot send the launch header. */
  keepalive?: boolean;
};

/**
 * Calls the app's own API. Success bodies are validated; error bodies are read as the spec's
 * Error shape and rethrown as the same AppError the server threw.
 */
export async function fetchApi<T extends z.ZodType>(path: `/api/${string}`, request: ApiRequest<T>): Promise<z.infer<T>> {
  const headers = new Headers({ Accept: "application/json", [LAUNCH_HEADER]: request.launch.launchId });
  if (request.launch.sessionHandle) headers.set(SESSION_HEADER, request.launch.sessionHandle);
  if (request.body !== undefined) headers.set("Content-Type", "application/json");

  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? "GET",
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      cache: "no-store",
      credentials: "same-origin",
      keepalive: request.keepalive ?? false,
    });
  } catch {
    throw new AppError("INTERNAL_SERVER_ERROR", "The app could not be reached; check the connection and try again");
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw AppError.fromBody(payload, {
      fallbackMessage: `The app answered with an unexpected error (HTTP ${response.status})`,
      retryAfterSeconds: parseRetryAfter(response.headers.get("Retry-After")),
    });
  }
  const result = request.schema.safeParse(payload);
  if (!result.success) throw new AppError("INTERNAL_SERVER_ERROR", "The app sent a response this page does not understand");
  return result.data;
}
