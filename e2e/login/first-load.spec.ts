import { expect, test } from "../support/fixtures";
import { APP_SERVER } from "../support/origins";

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
