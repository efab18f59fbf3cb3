import type { BrowserContext, Frame, HTTPRequest, HTTPResponse, Page } from "puppeteer-core";
import { APP_ORIGIN, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { CampusView, FIRST_LOAD_TIMEOUT_MS } from "./campus-view";
import { EXPECT_TIMEOUT_MS } from "./eventually";
import { inFrame } from "./frame-reads";

/**
 * The campus page of one member in one tab, with the app in its iframe: the Chromium run's
 * CampusPage in puppeteer's words (the flows' steps are CampusView's). `app` is read anew on each
 * use, because the campus mounts a new iframe for each launch and, under site isolation, each one
 * is its own process.
 */
export class CampusPage extends CampusView {
  constructor(readonly page: Page) {
    super();
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

  protected watchAccessChecks() {
    const statuses: number[] = [];
    const sent = new Set<HTTPRequest>();
    const isCheck = (url: string) => url === `${APP_ORIGIN}/api/me`;
    const onRequest = (request: HTTPRequest) => void (isCheck(request.url()) && sent.add(request));
    const onResponse = (response: HTTPResponse) => void (sent.has(response.request()) && statuses.push(response.status()));
    this.page.on("request", onRequest);
    this.page.on("response", onResponse);
    return {
      statuses: () => statuses,
      stop: () => {
        this.page.off("request", onRequest);
        this.page.off("response", onResponse);
      },
    };
  }
}
