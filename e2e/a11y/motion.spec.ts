import { expect, test } from "../support/fixtures";
import { APP_ORIGIN } from "../support/origins";

// The app's only motion is a pulse on what waits (a busy panel, a command or an approval awaited).
// A member who asks for reduced motion (prefers-reduced-motion, WCAG 2.3.3) sees it still; the
// end-to-end runs ask for it too (playwright.config.ts), which spares them a repaint per frame.
test("a member who asks for reduced motion sees nothing move in the app", async ({ control, openCampusAs }) => {
  void control;
  const ada = await openCampusAs("ada");
  // Waiting for consent, the app shows a busy panel: the state that pulses.
  await expect(ada.consentDialog).toBeVisible();
  await expect(ada.status).toHaveAttribute("aria-busy", "true");
  const app = ada.page.frame({ url: `${APP_ORIGIN}/` })!;
  const running = () => app.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSAnimation && animation.playState === "running").length);

  expect(await app.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches)).toBe(true);
  expect(await running()).toBe(0);

  // The same panel pulses for a member who did not ask: the check above looks at a moving state.
  await ada.page.emulateMedia({ reducedMotion: "no-preference" });
  await expect.poll(running).toBeGreaterThan(0);
  // It starts a second in: a sign-in that answers sooner draws no frame for it.
  const delays = await app.evaluate(() => document.getAnimations().flatMap((animation) => (animation instanceof CSSAnimation ? [animation.effect?.getTiming().delay] : [])));
  expect(delays).toEqual([1000]);
});
