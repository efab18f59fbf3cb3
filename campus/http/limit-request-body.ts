import { createMiddleware } from "hono/factory";
import { CampusError } from "../core/errors";
import type { CampusEnv } from "./hono-env";
import { BODY_LIMIT_BYTES, BODY_READ_TIMEOUT_MS } from "../core/policy";
import { announcesBody } from "../core/request-input";

/** The rest of a refused body is never read, so the connection cannot be reused: close it (policy.ts). */
const CLOSE = { Connection: "close" };

function tooLarge(): CampusError {
  return new CampusError("BAD_USER_INPUT", 413, `The request body is larger than ${BODY_LIMIT_BYTES} bytes`, CLOSE);
}

function stalled(): CampusError {
  return new CampusError("BAD_USER_INPUT", 408, `The request body did not arrive within ${BODY_READ_TIMEOUT_MS} ms`, CLOSE);
}

/** Reads a body stream in full, counting bytes against the limit, within the deadline. */
async function readBounded(stream: ReadableStream<Uint8Array>): Promise<Buffer<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"stalled">((resolve) => {
    timer = setTimeout(() => resolve("stalled"), BODY_READ_TIMEOUT_MS);
  });
  try {
    for (;;) {
      const read = reader.read();
      // The socket closes after the 408; the read left pending then fails, and nobody waits for it.
      read.catch(() => undefined);
      const result = await Promise.race([read, deadline]);
      if (result === "stalled") throw stalled();
      if (result.done) break;
      size += result.value.byteLength;
      if (size > BODY_LIMIT_BYTES) throw tooLarge();
      chunks.push(result.value);
    }
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks);
}

/**
 * Every campus route, REST, host and control alike: a declared Content-Length over the limit is
 * refused before a byte is read; any other body is read here, counted and timed, and handed on.
 * A request whose headers announce no body has none, and is handed on as it came.
 */
export function limitRequestBody() {
  return createMiddleware<CampusEnv>(async (c, next) => {
    const declared = c.req.header("Content-Length");
    if (declared !== undefined && Number(declared) > BODY_LIMIT_BYTES) throw tooLarge();
    const stream = announcesBody(c) ? c.req.raw.body : null;
    if (stream) {
      const body = await readBounded(stream);
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers, body });
    }
    await next();
  });
}
