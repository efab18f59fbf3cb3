import type { BrowserContext, Frame, Page } from "puppeteer-core";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { EXPECT_TIMEOUT_MS, eventually } from "./eventually";
import { byTestId, inFrame } from "./frame-reads";

const FIRST_LOAD_TIMEOUT_MS = 90_000;

/**
 * The campus page of one member in one tab, with the app in its iframe: the Chromium run's
 * CampusPage in puppeteer's words. `app` is read anew on each use, because the campus mounts a
 * new iframe for each launch and, under site isolation, each one is its own process.
 */
export class CampusPage {
  constructor(readonly page: Page) {
    // A busy machine can take a minute to load a page: these bounds catch only a page that never
    // loads (puppeteer's own defaults are 30 s).
    page.setDefaultNavigationTimeout(FIRST_LOAD_TIMEOUT_MS);
    page.setDefaultTimeout(EXPECT_TIMEOUT_MS);
  }

  /**
   * In a window of its own: a tab behind another is hidden, and the app pauses its polling in a
   * hidden document. Each member's browser shows its own campus page.
   */
  static async open(context: BrowserContext, member: string) {
    const campus = await CampusPage.inNewWindow(context);
    await campus.goto(member);
    return campus;
  }

  /** A new window, not yet on the campus page (to watch its traffic from the first request). */
  static async inNewWindow(context: BrowserContext) {
    return new CampusPage(await context.newPage({ type: "window" }));
  }

  async goto(member: string) {
    await this.page.goto(`${CAMPUS_ORIGIN}/?member=${encodeURIComponent(member)}`);
  }

  /** The app's frame: the campus page's child frame on the app origin (the newest, while one is replaced). */
  get app(): Frame {
    const frames = this.page.mainFrame().childFrames().filter((frame) => frame.url().startsWith(APP_ORIGIN));
    const frame = frames.at(-1);
    if (!frame) throw new Error("The campus page shows no app frame yet");
    return frame;
  }

  /** Reads of the app's frame and of the campus page itself, by test ID or selector. */
  get inApp() {
    return inFrame(() => this.app);
  }

  get inCampus() {
    return inFrame(() => this.page.mainFrame());
  }

  /** The app's view (`data-state` on its status element), or null while it has none. */
  state() {
    return this.inApp.attribute(byTestId("app-status"), "data-state");
  }

  async expectState(state: string) {
    await eventually(() => this.state()).toBe(state);
  }

  async approveConsent() {
    await this.inCampus.click(`${byTestId("consent-dialog")} ${byTestId("consent-approve")}`);
  }

  async denyConsent() {
    await this.inCampus.click(`${byTestId("consent-dialog")} ${byTestId("consent-deny")}`);
  }

  /**
   * Opens the app, approves consent if asked, and waits for the signed-in view. The first page
   * of a fresh Firefox profile loads slowly (caches empty, scripts compiled for the first time).
   */
  async signIn() {
    const consentShown = () => this.inCampus.visible(byTestId("consent-dialog"));
    const where = async () => ((await consentShown()) ? "consent" : ((await this.state()) ?? "no app view yet"));
    await eventually(where, FIRST_LOAD_TIMEOUT_MS).toMatch(/^(consent|signed-in)$/);
    if (await consentShown()) await this.approveConsent();
    await this.expectState("signed-in");
  }

  /**
   * Asks the app to re-check its access (spec 4.2) and waits until the answer shows: a refused
   * check leaves the signed-in view, so a state read next is the check's. It may have left the
   * signed-in view on its own already.
   */
  async checkAccess() {
    const answer = this.page.waitForResponse((response) => response.url() === `${APP_ORIGIN}/api/me`, { timeout: EXPECT_TIMEOUT_MS });
    // Awaited only once the click went through; otherwise its time-out is of no interest.
    answer.catch(() => undefined);
    try {
      await this.inApp.click(byTestId("check-access"), 2_000);
    } catch (error) {
      if ((await this.state()) === "signed-in") throw error;
      return;
    }
    if (!(await answer).ok()) await eventually(() => this.state()).not.toBe("signed-in");
  }

  /** The app's call view: attach, then allow "Use this call in this app" in the campus page. */
  async attachToCall() {
    await eventually(() => this.inApp.attribute(byTestId("call-status"), "data-access")).toMatch(/approvalRequired|approved/);
    await this.inApp.click(byTestId("call-attach"));
    const promptShown = () => this.inCampus.visible(byTestId("call-approval-prompt"));
    const rosterShown = () => this.inApp.visible(byTestId("call-roster"));
    await eventually(async () => (await promptShown()) || (await rosterShown())).toBe(true);
    if (await promptShown()) await this.inCampus.click(byTestId("call-approval-allow"));
    await eventually(rosterShown).toBe(true);
  }

  /** A row of the app's roster, by username. */
  rosterRow(username: string) {
    return `${byTestId("roster-participant")}[data-username="${username}"]`;
  }

  /** The status of the newest row of the app's command list. */
  async lastCommandStatus() {
    const statuses = await this.inApp.attributes(byTestId("command-row"), "data-status");
    return statuses.at(-1) ?? null;
  }

  /** Confirms the native prompt the campus shows for a command. */
  async confirmCommandPrompt() {
    await this.inCampus.click(`${byTestId("command-prompt")} ${byTestId("command-confirm")}`);
  }
}
