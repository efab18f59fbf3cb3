import type { Page } from "puppeteer-core";
import { APP_ORIGIN } from "../../e2e/support/origins";

export type AppRequest = { method: string; path: string; headers: Record<string, string> };

/**
 * Records every request the tab sends to the app's API, with the headers Firefox put on the wire
 * (WebDriver BiDi's network.beforeRequestSent carries the Cookie header it attached).
 */
export function recordAppRequests(page: Page) {
  const requests: AppRequest[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(`${APP_ORIGIN}/api/`)) return;
    requests.push({ method: request.method(), path: new URL(request.url()).pathname, headers: request.headers() });
  });
  const answered: (AppRequest & { status: number })[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (!request.url().startsWith(`${APP_ORIGIN}/api/`)) return;
    answered.push({ method: request.method(), path: new URL(request.url()).pathname, headers: request.headers(), status: response.status() });
  });
  return {
    requests,
    /** Requests the app has answered, with the status it answered. */
    answered: (path: string) => answered.filter((request) => request.path === path),
    to: (path: string) => requests.filter((request) => request.path === path),
    /** The launch of each login the app posted (X-Campus-Launch names it). */
    loginLaunches: () => requests.filter((request) => request.path === "/api/auth/login").map((request) => request.headers["x-campus-launch"]),
  };
}
