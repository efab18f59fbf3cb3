import { APP_ORIGIN, CAMPUS_ORIGIN } from "../../e2e/support/origins";
import { CampusView, type FrameReads } from "../../e2e-firefox/support/campus-view";
import type { AppTraffic } from "./app-traffic";
import { inFrame, type FramePath, Tab } from "./frame-reads";

const APP: FramePath = [{ prefix: APP_ORIGIN }];

/**
 * The campus page of one member in a WebKit browser of their own, with the app in its cross-site
 * iframe: the Firefox run's CampusPage over WebDriver (classic). The app's frame is found anew on
 * each use, because the campus mounts a new iframe for each launch.
 */
export class WebKitCampusPage extends CampusView {
  constructor(
    readonly tab: Tab,
    /** The app's API traffic of this worker (recording-proxy.ts), for checkAccess. */
    private readonly traffic: AppTraffic,
  ) {
    super();
  }

  async goto(member: string) {
    await this.tab.driver.get(`${CAMPUS_ORIGIN}/?member=${encodeURIComponent(member)}`);
  }

  async reload() {
    await this.tab.driver.navigate().refresh();
  }

  get inApp(): FrameReads {
    return inFrame(this.tab, APP);
  }

  get inCampus(): FrameReads {
    return inFrame(this.tab, []);
  }

  /** The n-th tile of the app's presentation: a campus iframe inside the app's iframe (campus → app → campus). */
  inTile(index: number): FrameReads {
    return inFrame(this.tab, [...APP, { prefix: `${CAMPUS_ORIGIN}/tiles/`, index }]);
  }

  /** Runs a script (a function body) in the app's frame. */
  inAppScript<T>(body: string) {
    return this.tab.script<T>(APP, body);
  }

  /** Answers the recording pass-through saw from now on (it records a request once answered). */
  protected watchAccessChecks() {
    const before = this.traffic.answered("/api/me").length;
    return { statuses: () => this.traffic.answered("/api/me").slice(before).map((request) => request.status), stop: () => undefined };
  }
}
