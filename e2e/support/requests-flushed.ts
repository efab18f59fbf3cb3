import type { FrameLocator, Page } from "@playwright/test";
import { APP_ORIGIN } from "./origins";

/**
 * Resolves once the page has reported every request the app's frame made before this call. A test
 * that shows nothing more was sent waits on this, never on time.
 *
 * The frame sends one more request, a health read named by a fresh ID, and this waits until the
 * page reports it. The browser reports a frame's requests in the order the frame made them. So any
 * request the frame made before, from a task or a promise that had run, was reported first.
 */
export async function appRequestsFlushed(page: Page, app: FrameLocator): Promise<void> {
  const path = `/api/health?flushed=${crypto.randomUUID()}`;
  const reported = page.waitForRequest(`${APP_ORIGIN}${path}`);
  await app.locator(":root").evaluate((_root, url) => void fetch(url), path);
  await reported;
}
