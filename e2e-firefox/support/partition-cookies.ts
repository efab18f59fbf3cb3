import type { Browser, BrowserContext } from "puppeteer-core";
import { z } from "zod";
import { bidiConnection } from "./frame-input";

const bidiCookieSchema = z.object({
  name: z.string(),
  domain: z.string(),
  httpOnly: z.boolean(),
  secure: z.boolean(),
  sameSite: z.string(),
  size: z.number(),
});
const getCookiesResultSchema = z.object({ cookies: z.array(bidiCookieSchema) });
export type BidiCookie = z.infer<typeof bidiCookieSchema>;


/**
 * The cookies one storage partition holds, read with WebDriver BiDi's storage.getCookies: a
 * cookie set in the app's iframe on the campus page lives in the partition keyed by the campus's
 * origin (Firefox's Total Cookie Protection; CHIPS's `Partitioned`), and not in the app's own.
 * Puppeteer's cookies() cannot name a partition, so the command goes over its BiDi connection.
 */
export async function partitionCookies(browser: Browser, context: BrowserContext, sourceOrigin: string): Promise<BidiCookie[]> {
  const partition = { type: "storageKey", sourceOrigin, ...(context.id ? { userContext: context.id } : {}) };
  const reply = z.object({ result: getCookiesResultSchema }).parse(await bidiConnection(browser).send("storage.getCookies", { partition }));
  return reply.result.cookies;
}

/** Session cookies of the app, by either name the app gives them. */
export const SESSION_COOKIE = /^(__Host-)?app_session_/;
