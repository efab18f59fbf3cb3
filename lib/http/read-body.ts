import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { ApiRequest } from "@/lib/http/api-request";
import { BODY_READ_TIMEOUT_MS } from "@/lib/shared/app-limits";

export const BODY_TOO_LARGE = "The request body is too large for this route";

/**
 * Reads the body as a stream, counting: past `limitBytes` it stops reading and refuses (a chunked
 * body has no Content-Length to refuse at once). A body that stops arriving (a Content-Length
 * longer than what is sent) is refused after BODY_READ_TIMEOUT_MS instead of holding the request.
 */
export async function readLimitedText(request: Pick<ApiRequest, "body">, limitBytes: number, timeoutMs = BODY_READ_TIMEOUT_MS): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("REQUEST_TIMEOUT", "The request body did not arrive in time")), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  try {
    while (!done) {
      const next = await Promise.race([reader.read(), timeout]);
      done = next.done;
      if (next.value) {
        size += next.value.byteLength;
        if (size > limitBytes) throw new AppError("PAYLOAD_TOO_LARGE", BODY_TOO_LARGE);
        chunks.push(next.value);
      }
    }
  } finally {
    clearTimeout(timer);
    if (!done) void reader.cancel().catch(() => undefined);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("BAD_USER_INPUT", "The request body must be UTF-8 JSON");
  }
}

/** Parses a JSON text with its schema; anything else is a 400 in the spec's Error shape. */
export function parseBody<T extends z.ZodType>(text: string, schema: T): z.infer<T> {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new AppError("BAD_USER_INPUT", "The request body must be JSON");
  }
  const result = schema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new AppError("BAD_USER_INPUT", `Invalid request: ${where}${issue?.message ?? "unexpected body"}`);
  }
  return result.data;
}
