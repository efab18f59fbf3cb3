import { NextRequest } from "next/server";
import { expect } from "vitest";

/**
 * A NextRequest as it arrives over HTTP/1.1: a text body comes with its Content-Length (a route
 * that takes no body reads one only when the headers announce it, RFC 9112 6.3). A stream body
 * keeps the headers the test gives, chunked or not. `duplex: "half"` lets it carry a stream.
 */
export function wireRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {}): NextRequest {
  const { method = "GET", headers = {}, body } = init;
  const length: Record<string, string> = typeof body === "string" ? { "content-length": String(Buffer.byteLength(body)) } : {};
  return new NextRequest(url, { method, headers: { ...length, ...headers }, body, duplex: "half" });
}

/** The app's origin in the route tests. */
export const TEST_APP = "http://app.localhost:3000";

/** A launch's request to the app's API at `path`: a POST with `body` as JSON, or a GET without one. */
export function apiRequest(path: string, body?: unknown): NextRequest {
  return wireRequest(`${TEST_APP}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "X-Campus-Launch": "launch-1", "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A refused input: 400 BAD_USER_INPUT in the spec's Error shape, never stored. */
export async function expectBadInput(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(await response.json()).toMatchObject({ error: { code: "BAD_USER_INPUT", message: expect.any(String) } });
}
