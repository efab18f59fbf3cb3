import { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { APP_ORIGIN, APP_SERVER } from "../support/origins";

// The production server sends the static chunks compressed, with no proxy in front
// (scripts/static-encoding.mjs), and API answers as they are (next.config.mjs says why).
test("the browser receives every script of the app's first load compressed, each saying it varies by Accept-Encoding", async ({ control, context }) => {
  void control;
  const scripts: { url: string; encoding: string | undefined; vary: string | undefined; type: string | undefined }[] = [];
  context.on("response", async (response) => {
    if (!response.url().startsWith(`${APP_ORIGIN}/_next/static/`) || !response.url().endsWith(".js")) return;
    const headers = await response.allHeaders();
    scripts.push({ url: response.url(), encoding: headers["content-encoding"], vary: headers["vary"], type: headers["content-type"] });
  });
  const campus = await CampusPage.open(context, "ada");
  await campus.signIn();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script, script.url).toMatchObject({ encoding: "br", vary: "Accept-Encoding", type: "application/javascript; charset=UTF-8" });
  }
});

test("a compressed chunk carries the caching and headers Next gives the static files it serves itself", async ({ request }) => {
  const html = await (await request.get(`${APP_SERVER}/`)).text();
  const chunk = /<script[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(chunk).toBeDefined();
  const ours = (await request.get(`${APP_SERVER}${chunk}`, { headers: { "Accept-Encoding": "br" } })).headers();
  expect(ours["content-encoding"]).toBe("br");
  // The compressed copy asked for by its own name is no chunk of ours: Next serves it, as any static file.
  const nexts = (await request.get(`${APP_SERVER}${chunk}.br`, { headers: { "Accept-Encoding": "identity" } })).headers();
  expect(nexts["content-encoding"]).toBeUndefined();
  for (const name of ["cache-control", "x-content-type-options", "referrer-policy"]) expect(ours[name], name).toBe(nexts[name]);
});

test("API answers are sent uncompressed, whatever the request accepts", async ({ request }) => {
  const health = await request.get(`${APP_SERVER}/api/health`, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(health.status()).toBe(200);
  expect(health.headers()["content-encoding"]).toBeUndefined();
});
