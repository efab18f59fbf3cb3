import type { Page, Request } from "@playwright/test";
import { APP_ORIGIN } from "./origins";

export type LoginRequest = { launchId: string; code: string; state: string };

/** Records what the app page sent to its own backend while logging in. */
export function recordLoginTraffic(page: Page) {
  const logins: LoginRequest[] = [];
  const states: { launchId: string }[] = [];
  const appRequests: Request[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(`${APP_ORIGIN}/api/`)) return;
    appRequests.push(request);
    const path = new URL(request.url()).pathname;
    if (path === "/api/auth/login") logins.push(request.postDataJSON());
    if (path === "/api/auth/state") states.push(request.postDataJSON());
  });
  return { logins, states, appRequests };
}
