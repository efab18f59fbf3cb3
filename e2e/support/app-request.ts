import { request as httpRequest } from "node:http";
import { APP_ORIGIN, APP_SERVER } from "./origins";

export type AppAnswer = { status: number; setCookies: string[]; body: string };

/**
 * A request to the app from outside any browser, as an attacker holding a stolen handle would
 * send it: only the headers given, with the app's own Host and Origin (so the only thing tested
 * is the session). node:http, because fetch may not set Host.
 */
export function appRequest(
  method: "GET" | "POST",
  path: string,
  options: { launchId: string; cookie?: string; body?: unknown },
): Promise<AppAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    host: new URL(APP_ORIGIN).host,
    origin: APP_ORIGIN,
    "sec-fetch-site": "same-origin",
    "x-campus-launch": options.launchId,
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(body ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } : {}),
  };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, APP_SERVER), { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, setCookies: incoming.headers["set-cookie"] ?? [], body: Buffer.concat(chunks).toString("utf8") }),
      );
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
