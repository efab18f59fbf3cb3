import { IFRAME_PROTOCOL, IFRAME_PROTOCOL_VERSION } from "../../lib/contract/iframe-protocol";
import { CampusPage } from "../support/campus-page";
import { expect, test } from "../support/fixtures";
import { recordLoginTraffic } from "../support/login-traffic";
import { appRequestsFlushed } from "../support/requests-flushed";
import { APP_ORIGIN, CAMPUS_ORIGIN, ELSEWHERE_ORIGIN } from "../support/origins";

/*
 * Spec 5.3.1: the app accepts a message only when its source is the parent window and its origin is
 * exactly the host origin. While the member looks at the consent dialog, the app waits for its
 * `authenticate` reply. A frame of another origin and a frame of the campus origin itself, both in
 * the campus page, forge that reply with the right id and state. Only the parent's reply counts.
 */
type AppRequest = { method: string; id: string; params: { state?: string } };
/** In the campus page, what the app asked; in the app's frame, where each reply with a code came from. */
type Recorder = { appRequests: AppRequest[]; codesFrom: string[] };

test("replies from another origin or from a frame that is not the parent are ignored", async ({ control, browser }) => {
  void control;
  // The campus page's own CSP allows only the app in frames; the test adds two more.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.addInitScript((appOrigin) => {
    const recorder = window as unknown as Recorder;
    recorder.appRequests = [];
    recorder.codesFrom = [];
    // Added before the app's own listener, so the app has handled each message this one records.
    addEventListener("message", (event) => {
      if (event.origin === appOrigin) recorder.appRequests.push(event.data);
      if (location.origin === appOrigin && event.data?.result?.code) recorder.codesFrom.push(event.origin);
    });
  }, APP_ORIGIN);
  const traffic = recordLoginTraffic(page);
  const campus = new CampusPage(page);
  await campus.goto("ada");
  await expect(campus.consentDialog).toBeVisible();

  const authenticate = await page
    .waitForFunction(() => (window as unknown as Recorder).appRequests.find((m) => m.method === "authenticate"))
    .then((handle) => handle.jsonValue() as Promise<AppRequest>);
  const forged = {
    protocol: IFRAME_PROTOCOL,
    version: IFRAME_PROTOCOL_VERSION,
    id: authenticate.id,
    result: { code: "a-forged-code", expiresIn: 60, state: authenticate.params.state },
  };

  await page.evaluate(
    ([other, sibling]) =>
      Promise.all(
        [other, sibling].map(
          (src) =>
            new Promise((resolve) => {
              const frame = Object.assign(document.createElement("iframe"), { src, name: src });
              frame.addEventListener("load", resolve, { once: true });
              document.body.append(frame);
            }),
        ),
      ),
    [`${ELSEWHERE_ORIGIN}/health`, `${CAMPUS_ORIGIN}/health`] as const,
  );
  for (const url of [`${ELSEWHERE_ORIGIN}/health`, `${CAMPUS_ORIGIN}/health`]) {
    const frame = page.frames().find((f) => f.url() === url);
    if (!frame) throw new Error(`no frame at ${url}`);
    await frame.evaluate(
      // The app is the campus page's first frame; the two added frames come after it.
      ([message, target]) => window.parent.frames[0]!.postMessage(message, target),
      [forged, APP_ORIGIN] as const,
    );
  }
  // Both forgeries handled by the app (the campus gives no code before consent), and every request
  // the app made by then reported: no login left.
  await expect
    .poll(() => campus.app.locator(":root").evaluate(() => (window as unknown as Recorder).codesFrom))
    .toEqual(expect.arrayContaining([ELSEWHERE_ORIGIN, CAMPUS_ORIGIN]));
  await appRequestsFlushed(page, campus.app);
  expect(traffic.logins).toEqual([]);
  await expect(campus.status).not.toHaveAttribute("data-state", /signed-in|error/);

  // The parent's genuine reply, after consent, is taken.
  await campus.approveConsent();
  await campus.expectState("signed-in");
  expect(traffic.logins.map((login) => login.code)).not.toContain("a-forged-code");
  expect(traffic.logins).toHaveLength(1);
  await context.close();
});
