import { eventually } from "./eventually";
import { byTestId } from "./frame-reads";

/** Reads and real input in one frame, found anew on every call; a read of a frame being replaced answers "nothing there yet". */
export type FrameReads = {
  attribute(selector: string, name: string): Promise<string | null>;
  attributes(selector: string, name: string): Promise<(string | null)[]>;
  text(selector: string): Promise<string | null>;
  checked(selector: string): Promise<boolean>;
  count(selector: string): Promise<number>;
  visible(selector: string): Promise<boolean>;
  value(selector: string): Promise<string | null>;
  /** Waits for the element to be visible, enabled, still and uncovered, then clicks it with a real pointer. */
  click(selector: string, timeout?: number): Promise<void>;
  /** Clicks into the field and types the value with real keys. */
  fill(selector: string, value: string, timeout?: number): Promise<void>;
};

export const FIRST_LOAD_TIMEOUT_MS = 90_000;

/**
 * One member's campus page with the app in its iframe, whichever engine drives it: the steps of
 * the flows (consent, sign-in, attach, commands) over reads of the two frames, so that the Firefox
 * and the WebKit runs walk them alike.
 */
export abstract class CampusView {
  /** The app's frame (the newest, while one is replaced). */
  abstract get inApp(): FrameReads;
  /** The campus page itself. */
  abstract get inCampus(): FrameReads;
  /**
   * The statuses of the app's answers to `GET /api/me` for requests sent from now on, until
   * `stop` (the engine's own view of the app's traffic).
   */
  protected abstract watchAccessChecks(): { statuses(): number[]; stop(): void };

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
   * of a fresh profile loads slowly (caches empty, scripts compiled for the first time).
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
   * signed-in view on its own already. The button is busy while a check (one on focus, say) is
   * under way, and a click on a busy button does nothing: it is clicked until a check is answered.
   */
  async checkAccess() {
    const checks = this.watchAccessChecks();
    try {
      await eventually(async () => {
        if ((await this.state()) !== "signed-in") return "left";
        if (checks.statuses().length > 0) return "answered";
        await this.inApp.click(byTestId("check-access"), 2_000).catch(() => undefined);
        return "asked";
      }).not.toBe("asked");
      if (checks.statuses().some((status) => status < 200 || status > 299)) await eventually(() => this.state()).not.toBe("signed-in");
    } finally {
      checks.stop();
    }
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
