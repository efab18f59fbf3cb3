import { request as httpRequest } from "node:http";
import type { BrowserContext, Route } from "@playwright/test";
import { APP_ORIGIN, APP_SERVER } from "./origins";

/**
 * Makes the app's iframe cookieless, as Safari does for cross-site iframes: requests to the app
 * leave without a Cookie header and come back without Set-Cookie. They are forwarded from the test
 * runner with plain node:http, which has no cookie jar that could keep or replay anything.
 */
export async function blockAppCookies(context: BrowserContext) {
  await context.route(`${APP_ORIGIN}/**`, forwardWithoutCookies);
}

async function forwardWithoutCookies(route: Route) {
  const request = route.request();
  const headers = { ...(await request.allHeaders()) };
  delete headers.cookie;
  const url = new URL(request.url().replace(APP_ORIGIN, APP_SERVER));
  const body = request.postDataBuffer();

  const response = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const outgoing = httpRequest(url, { method: request.method(), headers: { ...headers, host: new URL(APP_ORIGIN).host } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (name === "set-cookie" || value === undefined) continue;
          responseHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: incoming.statusCode ?? 502, headers: responseHeaders, body: Buffer.concat(chunks) });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body ?? undefined);
  });
  await route.fulfill(response);
}
