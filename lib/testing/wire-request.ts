import { NextRequest } from "next/server";

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
