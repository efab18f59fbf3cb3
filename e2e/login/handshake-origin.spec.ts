import { IFRAME_PROTOCOL, IFRAME_PROTOCOL_VERSION } from "../../lib/contract/iframe-protocol";
import { expect, test } from "../support/fixtures";
import { recordLoginTraffic } from "../support/login-traffic";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "../support/origins";

/*
 * Spec 5.3.1: the app accepts a message only when its source is the parent window and its origin is
 * exactly the host origin. A stand-in host page at the campus origin frames the app next to a frame of
 * another origin and a frame of the campus origin itself; both forge a `ready` reply that carries the
 * id of the app's real request. Only the parent's reply may move the app on.
 */
const HARNESS_URL = `${CAMPUS_ORIGIN}/__e2e/host`;
const OTHER_ORIGIN_URL = "http://elsewhere.localhost:4000/health";
const SAME_ORIGIN_URL = `${CAMPUS_ORIGIN}/health`;

const HARNESS_HTML = `<!doctype html><title>stand-in host</title>
<iframe name="app" src="${APP_ORIGIN}/" width="600" height="400"></iframe>
<iframe name="other" src="${OTHER_ORIGIN_URL}"></iframe>
<iframe name="sibling" src="${SAME_ORIGIN_URL}"></iframe>
<script>
  window.appRequests = [];
  addEventListener("message", (event) => {
    if (event.origin === "${APP_ORIGIN}" && event.source === frames.app) window.appRequests.push(event.data);
  });
</script>`;

type HarnessWindow = { appRequests: { method: string; id: string }[] };

test("replies from another origin or from a frame that is not the parent are ignored", async ({ page }) => {
  await page.route(HARNESS_URL, (route) => route.fulfill({ contentType: "text/html", body: HARNESS_HTML }));
  const traffic = recordLoginTraffic(page);
  await page.goto(HARNESS_URL);

  const readyId = await page
    .waitForFunction(() => (window as unknown as HarnessWindow).appRequests.find((m) => m.method === "ready")?.id)
    .then((handle) => handle.jsonValue());

  const forge = (launchId: string) => ({ protocol: IFRAME_PROTOCOL, version: IFRAME_PROTOCOL_VERSION, id: readyId, result: { launchId } });
  const postFrom = async (frameName: string, launchId: string) => {
    const frame = page.frame({ name: frameName });
    if (!frame) throw new Error(`no frame ${frameName}`);
    await frame.evaluate(
      ([message, target]) => window.parent.frames[0]!.postMessage(message, target),
      [forge(launchId), APP_ORIGIN] as const,
    );
  };

  await postFrom("other", "forged-by-another-origin");
  await postFrom("sibling", "forged-by-a-sibling-frame");
  await page.waitForTimeout(750);
  expect(traffic.states).toEqual([]);

  // The genuine parent's reply is taken: the app asks its backend for a state for that launch.
  await page.evaluate((args) => window.frames[0]!.postMessage(...args), [forge("genuine-launch"), APP_ORIGIN] as const);
  await expect.poll(() => traffic.states.map((s) => s.launchId)).toEqual(["genuine-launch"]);
});
