import type { BrowserContext } from "@playwright/test";
import { markName } from "@/lib/client/timing/timing-marks";
import { appFrameOf, expectNoAppFrameViolations } from "../support/axe-frame";
import { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { APP_ORIGIN, APP_SERVER } from "../support/origins";

// The first paint ("Connecting…") needs no schema: zod and the contract's schemas come with the
// handshake's chunk, loaded during hydration (app/_components/handshake/embedded-app.tsx), so the
// first-load scripts stay near an empty Next.js page's (docs/performance.md, `first-load`).
test("the page's first-load scripts hold no zod: the handshake and its schemas are a chunk of their own", async ({ request }) => {
  const html = await (await request.get(`${APP_SERVER}/`)).text();
  const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  expect(sources.length).toBeGreaterThan(0);
  for (const src of sources) {
    const script = await (await request.get(new URL(src, APP_SERVER).href)).text();
    expect(script.includes("_zod"), `${src} holds zod`).toBe(false);
  }
});

// A chunk that does not arrive (the network, or a deployment that replaced it while the frame
// loaded) leaves no silent "Connecting…" or "Signing you in…": the page says so, and its Reload
// signs in. Each chunk is known by a text of its root component alone, in no first-load script.
// The views' chunk is needed only once the member has consented.
const VIEWS_CHUNK_TEXT = "What the campus shared"; // signed-in-view.tsx
const LATE_CHUNKS = [
  { name: "a handshake chunk", text: "Confirm in the campus if it asks.", consentFirst: false }, // campus-app.tsx
  { name: "a signed-in views' chunk", text: VIEWS_CHUNK_TEXT, consentFirst: true },
];

/** Serves the app's chunks through the test, which sees each one's URL and body and may refuse it. */
async function watchChunks(context: BrowserContext, refuse: (url: string, body: string) => boolean) {
  await context.route(`${APP_ORIGIN}/_next/static/chunks/*.js`, async (route) => {
    // Fetched from the test's side, which reaches the app at its loopback address.
    const response = await route.fetch({ url: route.request().url().replace(APP_ORIGIN, APP_SERVER) });
    const body = await response.text();
    if (refuse(route.request().url(), body)) return route.abort("connectionreset");
    return route.fulfill({ response, body });
  });
}

for (const chunk of LATE_CHUNKS) {
  test(`${chunk.name} that does not arrive is shown with a way to reload, which signs in`, async ({ control, context }) => {
    void control;
    // Next's chunk loader tries a failed chunk again: every try is refused until the reload.
    let refusing = true;
    let refused = 0;
    await watchChunks(context, (_url, body) => {
      if (!refusing || !body.includes(chunk.text)) return false;
      refused += 1;
      return true;
    });
    const campus = await CampusPage.open(context, "ada");
    if (chunk.consentFirst) await campus.approveConsent();
    await campus.expectState("error");
    await expect(campus.status).toContainText("The app could not load");
    await expectNoAppFrameViolations(campus.page);
    refusing = false;
    await campus.app.getByTestId("reload-app").click();
    await campus.signIn();
    expect(refused).toBeGreaterThan(0);
  });
}

// The signed-in views' chunk is built while the backend exchanges the code, when the frame has
// nothing else to do, not while it reads the state's answer and asks the campus for consent
// (campus-app.tsx, docs/performance.md): it is asked for once the code is in.
test("the signed-in views' chunk is fetched once the campus has given a code, not before", async ({ control, context }) => {
  void control;
  const viewsChunks = new Set<string>();
  await watchChunks(context, (url, body) => {
    if (body.includes(VIEWS_CHUNK_TEXT)) viewsChunks.add(url);
    return false;
  });
  const campus = await CampusPage.open(context, "ada");
  await campus.signIn();
  expect(viewsChunks.size).toBe(1);
  const frame = await appFrameOf(campus.page);
  const { codeReceived, requested } = await frame.evaluate(
    ({ mark, url }) => ({
      codeReceived: performance.getEntriesByName(mark, "mark")[0]?.startTime,
      requested: performance.getEntriesByName(url, "resource")[0]?.startTime,
    }),
    { mark: markName("code received"), url: [...viewsChunks][0]! },
  );
  expect(codeReceived).toBeDefined();
  expect(requested).toBeDefined();
  expect(requested!).toBeGreaterThan(codeReceived!);
});

// SWR starts a read from a layout effect, before the browser paints: the call view's first reads
// leave in the task after the signed-in view's first commit instead, so their fetch() calls never
// hold that view back (lib/client/timing/use-after-first-commit.ts). The view marks its first
// commit from an effect of that commit: every read starts after the mark.
test("the call view's first reads leave after the signed-in view is committed, not within its commit", async ({ control, context }) => {
  void control;
  const campus = await CampusPage.open(context, "ada");
  await campus.signIn();
  const frame = await appFrameOf(campus.page);
  // A read's resource entry appears once its answer is in.
  const readsSoFar = () =>
    frame.evaluate((mark) => {
      const reads = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/api\/(call\/(status|grant|commands)|activity)$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }));
      return { viewRendered: performance.getEntriesByName(mark, "mark")[0]?.startTime, reads };
    }, markName("view rendered"));
  await expect.poll(async () => (await readsSoFar()).reads.map((read) => read.path)).toEqual(expect.arrayContaining(["/api/call/status", "/api/call/grant"]));
  const { viewRendered, reads } = await readsSoFar();
  expect(viewRendered).toBeDefined();
  for (const read of reads) expect(read.startTime, read.path).toBeGreaterThan(viewRendered!);
});
