import { Agent, request } from "node:http";
import { connect } from "node:net";

/*
 * Requests that Playwright's request API cannot send: a chunked body, a Content-Length longer than
 * the body, a chosen local address (127.0.0.0/8 is all loopback, so a test can be a second client).
 */

export type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export function sendRaw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: Buffer[]; localAddress?: string; agent?: Agent },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? "POST", headers: options.headers, localAddress: options.localAddress, agent: options.agent }, (incoming) => {
      const parts: Buffer[] = [];
      incoming.on("data", (part: Buffer) => parts.push(part));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(parts).toString("utf8") }));
      incoming.on("error", reject);
    });
    // The server may answer (413) and stop reading before every chunk is written.
    outgoing.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    for (const chunk of options.chunks ?? []) outgoing.write(chunk);
    outgoing.end();
  });
}

/** Writes `head` and `body` on a bare socket and resolves with the first answer's status line and time, or `undefined` by `giveUpMs`. */
export function sendOnSocket(host: string, port: number, text: string, giveUpMs: number): Promise<{ statusLine: string; ms: number } | undefined> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, host, () => socket.write(text));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(undefined);
    }, giveUpMs);
    socket.once("data", (data: Buffer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ statusLine: data.toString("latin1").split("\r\n")[0] ?? "", ms: Date.now() - started });
    });
    socket.on("error", () => undefined);
  });
}
