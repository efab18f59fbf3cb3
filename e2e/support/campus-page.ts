import { expect, type BrowserContext, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { CAMPUS_ORIGIN } from "./origins";

/** The campus page of one member in one tab, with the app in its iframe. */
export class CampusPage {
  readonly app: FrameLocator;
  readonly consentDialog: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.app = page.frameLocator('[data-testid="app-frame"]');
    this.consentDialog = page.getByTestId("consent-dialog");
    this.status = this.app.getByTestId("app-status");
  }

  static async open(context: BrowserContext, member: string) {
    const page = await context.newPage();
    const campus = new CampusPage(page);
    await campus.goto(member);
    return campus;
  }

  async goto(member: string) {
    await this.page.goto(`${CAMPUS_ORIGIN}/?member=${encodeURIComponent(member)}`);
  }

  /** Waits for the app to reach a state (`data-state` on its status element). */
  async expectState(state: string) {
    await expect(this.status).toHaveAttribute("data-state", state);
  }

  async approveConsent() {
    await expect(this.consentDialog).toBeVisible();
    await this.consentDialog.getByTestId("consent-approve").click();
  }

  async denyConsent() {
    await expect(this.consentDialog).toBeVisible();
    await this.consentDialog.getByTestId("consent-deny").click();
  }

  /** Opens the app, approves consent if asked, and waits for the signed-in view. */
  async signIn() {
    await expect
      .poll(async () => ((await this.consentDialog.isVisible()) ? "consent" : await this.state()))
      .toMatch(/^(consent|signed-in)$/);
    if (await this.consentDialog.isVisible()) await this.approveConsent();
    await this.expectState("signed-in");
  }

  /**
   * Asks the app to re-check its access (spec 4.2: userinfo before protected actions). The app may
   * already have noticed on its own, through a call request, and left the signed-in view.
   */
  async checkAccess() {
    await expect
      .poll(async () => {
        const state = await this.state();
        return (state !== null && state !== "signed-in") || (await this.clickInApp('[data-testid="check-access"]'));
      })
      .toBe(true);
  }

  /**
   * Clicks an enabled button of the app in one step inside its page, and says whether it did.
   * A Playwright click first waits for the element to settle, which a busy machine makes slow,
   * and the view may change meanwhile; here nothing can change between finding it and clicking.
   */
  async clickInApp(selector: string): Promise<boolean> {
    return this.app.locator(":root").evaluate((root, selector) => {
      const button = root.ownerDocument.querySelector(selector);
      if (!(button instanceof HTMLButtonElement) || button.disabled || button.ariaDisabled === "true") return false;
      button.click();
      return true;
    }, selector);
  }

  async state() {
    return this.status.getAttribute("data-state", { timeout: 1_000 }).catch(() => null);
  }

  /** The app's call view: attach, then allow "Use this call in this app" in the campus page. */
  async attachToCall() {
    await expect(this.app.getByTestId("call-status")).toHaveAttribute("data-access", /approvalRequired|approved/);
    await this.app.getByTestId("call-attach").click();
    const prompt = this.page.getByTestId("call-approval-prompt");
    const roster = this.app.getByTestId("call-roster");
    await expect.poll(async () => (await prompt.isVisible()) || (await roster.isVisible())).toBe(true);
    if (await prompt.isVisible()) await prompt.getByTestId("call-approval-allow").click();
    await expect(this.app.getByTestId("call-roster")).toBeVisible();
  }

  /** A row of the app's roster, by username. */
  rosterRow(username: string) {
    return this.app.locator(`[data-testid="roster-participant"][data-username="${username}"]`);
  }

  /** A row of the app's command list, newest last. */
  commandRows() {
    return this.app.getByTestId("command-row");
  }

  /** Confirms the native prompt the campus shows for a command. */
  async confirmCommandPrompt() {
    const prompt = this.page.getByTestId("command-prompt");
    await expect(prompt).toBeVisible();
    await prompt.getByTestId("command-confirm").click();
  }

  text(testId: string) {
    return this.app.getByTestId(testId);
  }
}
