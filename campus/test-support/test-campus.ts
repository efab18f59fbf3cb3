import type { Scope } from "../../lib/contract";
import { SCOPES } from "../../lib/contract";
import { createCampus } from "../app";
import type { Campus } from "../app";
import { createClock } from "../core/clock";
import type { RegistrationInput } from "../state/registration";

/**
 * Fixtures for campus tests: every request goes through `app.request`, in process, no port, and
 * carries its body as on the wire (wireInit): the campus reads a body only when the headers
 * announce one (RFC 9112, 6.3).
 */

export const TEST_REGISTRATION: RegistrationInput = {
  clientId: "test-app-client",
  clientSecret: "test-app-secret",
  appUrl: "http://app.test:3000/",
  appOrigin: "http://app.test:3000",
  name: "Test App",
  scopes: [...SCOPES],
  published: true,
};

/** A fixed start so that campus times in tests are deterministic; advance it with the control API. */
export const TEST_START_TIME = Date.parse("2030-01-01T00:00:00.000Z");

export function createTestCampus(registration: Partial<RegistrationInput> = {}): Campus {
  return createCampus({ registration: { ...TEST_REGISTRATION, ...registration }, clock: createClock(() => TEST_START_TIME) });
}

/** Spec 5.1: base64 of `id:secret`, as issued. */
export function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

export const TEST_CLIENT_AUTH = basicAuth(TEST_REGISTRATION.clientId, TEST_REGISTRATION.clientSecret);

type RequestOptions = { json?: unknown; body?: string; headers?: Record<string, string>; member?: string };

export function send(campus: Campus, method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  if (options.member) headers.Cookie = `campus_member=${options.member}`;
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  return requestCampus(campus, path, wireInit({ method, headers, body }));
}

/** A request to the campus by its own origin, as a browser on the campus page sends it (its `Host`). */
export function requestCampus(campus: Campus, path: string, init: RequestInit): Promise<Response> {
  return Promise.resolve(campus.app.request(new URL(path, campus.context.origin).href, init));
}

/**
 * A request's init as it arrives over HTTP/1.1: a text body with its Content-Length, a stream
 * chunked (Transfer-Encoding), unless the test sets either itself.
 */
export function wireInit(init: { method: string; headers?: Record<string, string>; body?: string | ReadableStream<Uint8Array> }): RequestInit & { duplex: "half" } {
  const { body, headers = {} } = init;
  const framed = Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name));
  const framing: Record<string, string> =
    body === undefined || framed ? {} : typeof body === "string" ? { "Content-Length": String(Buffer.byteLength(body)) } : { "Transfer-Encoding": "chunked" };
  // Node's fetch needs `duplex` for a stream body; the DOM RequestInit type does not name it.
  return { method: init.method, headers: { ...framing, ...headers }, body, duplex: "half" };
}

export async function readJson<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export async function advanceClock(campus: Campus, seconds: number): Promise<void> {
  await send(campus, "POST", "/control/clock/advance", { json: { seconds } });
}

export async function saveTestRegistration(campus: Campus, patch: Partial<RegistrationInput>): Promise<Response> {
  return send(campus, "PUT", "/control/registration", { json: patch });
}

type LaunchOptions = { member?: string; tabId?: string };

/** A mount in a campus tab, as the page does before setting the iframe src. */
export async function openTestLaunch(campus: Campus, { member = "ada", tabId = `tab-${member}-1` }: LaunchOptions = {}) {
  const response = await send(campus, "POST", "/host/launches", { json: { tabId }, member });
  const { launchId } = await readJson<{ launchId: string }>(response);
  return { launchId, member, tabId };
}

/**
 * The whole iframe login up to the code, through the real host endpoints: optional registration
 * scopes, a launch, the consent check, and Allow (or the remembered consent).
 */
export async function issueCode(campus: Campus, options: LaunchOptions & { scopes?: Scope[]; state?: string } = {}) {
  if (options.scopes) await saveTestRegistration(campus, { scopes: options.scopes });
  const launch = await openTestLaunch(campus, options);
  const path = `/host/launches/${launch.launchId}`;
  const need = await readJson<{ consent: string }>(
    await send(campus, "POST", `${path}/authorize`, { json: { tabId: launch.tabId }, member: launch.member }),
  );
  const consent = need.consent === "remembered" ? "remembered" : "approved";
  const state = options.state ?? "state-1234";
  const response = await send(campus, "POST", `${path}/codes`, { json: { tabId: launch.tabId, state, consent }, member: launch.member });
  const { code } = await readJson<{ code: string }>(response);
  return { ...launch, code };
}

export function exchangeCode(campus: Campus, code: string, authorization = TEST_CLIENT_AUTH): Promise<Response> {
  return send(campus, "POST", "/v1/apps/token", { json: { code }, headers: { Authorization: authorization } });
}

export async function issueToken(campus: Campus, options: Parameters<typeof issueCode>[1] = {}) {
  const issued = await issueCode(campus, options);
  const { access_token: accessToken } = await readJson<{ access_token: string }>(await exchangeCode(campus, issued.code));
  return { ...issued, accessToken };
}

export function readUserinfo(campus: Campus, accessToken: string | undefined): Promise<Response> {
  const headers: Record<string, string> = accessToken === undefined ? {} : { Authorization: `Bearer ${accessToken}` };
  return send(campus, "GET", "/v1/apps/userinfo", { headers });
}

/** The spec's Error shape and status in one assertion-friendly value. */
export async function readError(response: Response) {
  const body = await readJson<{ error: { code: string; message: string } }>(response);
  return { status: response.status, code: body.error.code };
}
