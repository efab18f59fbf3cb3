import "server-only";
import { LAUNCH_HEADER, SESSION_HEADER, launchIdSchema } from "@/lib/wire/auth-routes";
import { AppError } from "@/lib/errors";
import type { ApiRequest } from "@/lib/http/api-request";
import { MAX_SEALED_HANDLE_LENGTH, SESSION_COOKIE_PREFIX, sessionCookieName, unsealHandle } from "./handle";
import type { SessionHandle } from "./records";
import type { SessionSecret } from "./secrets";

/** What an API request carries to find its visitor session. */
export type SessionCredentials = {
  /** From X-Campus-Launch: selects the launch's cookie. */
  launchId: string;
  /** X-App-Session, sent in cookieless mode. */
  headerHandle: string | undefined;
  /** The launch's cookie, when the browser sent one. */
  cookieHandle: string | undefined;
  /** Every session cookie the browser sent (all launches): setting a new one expires the oldest. */
  sessionCookies: { name: string; value: string }[];
};

/** The parts of a request the session reads. */
export type IncomingRequest = Pick<ApiRequest, "headers" | "cookies">;

/**
 * Requires X-Campus-Launch on every API route but health: a custom header cannot be sent
 * cross-site without a CORS preflight, which this app never grants. A handle longer than any seal
 * is refused here, before anything reads it.
 */
export function readSessionCredentials(request: IncomingRequest): SessionCredentials {
  const launch = launchIdSchema.safeParse(request.headers.get(LAUNCH_HEADER));
  if (!launch.success) throw new AppError("BAD_USER_INPUT", `Send the ${LAUNCH_HEADER} header with the launch ID`);
  const headerHandle = request.headers.get(SESSION_HEADER) || undefined;
  if (headerHandle !== undefined && headerHandle.length > MAX_SEALED_HANDLE_LENGTH) {
    throw new AppError("BAD_USER_INPUT", `The ${SESSION_HEADER} header is longer than any session handle`);
  }
  // A cookie is the browser's to send, not the page's to fix: one too long reads as absent, so the next login replaces it.
  const cookieHandle = request.cookies.get(sessionCookieName(launch.data))?.value || undefined;
  return {
    launchId: launch.data,
    headerHandle,
    cookieHandle: cookieHandle !== undefined && cookieHandle.length <= MAX_SEALED_HANDLE_LENGTH ? cookieHandle : undefined,
    sessionCookies: request.cookies
      .getAll()
      .filter((cookie) => cookie.name.startsWith(SESSION_COOKIE_PREFIX))
      .map(({ name, value }) => ({ name, value })),
  };
}

/** The handle the request presents (the header wins over the cookie), if it is valid and of this launch. */
export async function readSessionHandle(credentials: SessionCredentials, secret: SessionSecret): Promise<SessionHandle | undefined> {
  const seal = credentials.headerHandle ?? credentials.cookieHandle;
  if (!seal) return undefined;
  const handle = await unsealHandle(seal, secret);
  return handle?.launchId === credentials.launchId ? handle : undefined;
}

export function assertSameLaunch(credentials: SessionCredentials, launchId: string) {
  if (credentials.launchId !== launchId) {
    throw new AppError("BAD_USER_INPUT", `The ${LAUNCH_HEADER} header does not match the launch in the body`);
  }
}
