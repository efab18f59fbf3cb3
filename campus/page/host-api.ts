// The page's calls to its own campus server (/host/*). Errors keep the server's code so that
// the page can forward INVALID_LAUNCH or APP_UNAVAILABLE to the frame unchanged.

export class HostCallError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = "HostCallError";
    this.code = code;
  }
}

export type HttpMethod = "GET" | "POST" | "PUT";

/**
 * Calls one /host endpoint. `Answer` is the type its route answers with, imported from the server
 * code that builds it: the page is the campus's own client, served by the same process, so its
 * answers are trusted as typed. (What the app frame sends is not: envelope.ts parses it.)
 */
export async function callHost<Answer>(method: HttpMethod, path: string, body?: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HostCallError("UNREACHABLE", "The campus server could not be reached");
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = readError(data);
    throw new HostCallError(error?.code ?? "UNREACHABLE", error?.message ?? `The campus answered ${response.status}`);
  }
  return data as Answer;
}

export type CallHost = typeof callHost;

/** The spec's Error shape `{ error: { code, message } }`, as far as it is there. */
function readError(data: unknown): { code?: string; message?: string } | undefined {
  if (typeof data !== "object" || data === null || !("error" in data)) return undefined;
  const { error } = data;
  if (typeof error !== "object" || error === null) return undefined;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  const message = "message" in error && typeof error.message === "string" ? error.message : undefined;
  return { code, message };
}
