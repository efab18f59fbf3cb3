import "server-only";
import { NO_STORE } from "@/lib/errors";

/**
 * An API route's answer before it is written: status, JSON body and headers, with its Set-Cookie
 * lines apart (the one header that repeats). The App Router gets it as a web Response
 * (toWebResponse); the Pages route writes it to Node's response as it is (lib/http/node-route.ts),
 * without building a Response and reading it back on every heartbeat.
 */
export type ApiAnswer = {
  status: number;
  body: unknown;
  headers: Readonly<Record<string, string>>;
  cookies?: readonly string[];
};

/** A JSON answer that no cache keeps (spec part 4: every response carries private, no-store). */
export function jsonNoStore(body: unknown, init: { status?: number } = {}): ApiAnswer {
  return { status: init.status ?? 200, body, headers: { "Cache-Control": NO_STORE } };
}

/** The answer as a web Response, with its JSON type and every cookie. */
export function toWebResponse(answer: ApiAnswer): Response {
  const response = Response.json(answer.body, { status: answer.status, headers: answer.headers });
  for (const cookie of answer.cookies ?? []) response.headers.append("Set-Cookie", cookie);
  return response;
}
