// The campus page: mounts the registered app in its iframe, answers the app's ready and
// authenticate messages (spec 5.3 and part 6), and shows the native call panel, prompts and
// presentation of this tab, the flow inspector and the registration. It reports the tab's
// visibility (spec 3).

import "./zod-jitless";
import type { HostError, HostReply } from "../../lib/contract/iframe-protocol";
import type { PageConfig } from "../host/render-page";
import type { PublicRegistration } from "../state/registration";
import { startCallPanel } from "./call-panel";
import type { CallView } from "./call-view";
import { createConsentDialog } from "./consent-dialog";
import { required } from "./dom";
import { parseRequest, replyError } from "./envelope";
import { createFlowInspector } from "./flow-inspector";
import { createFrameLoading } from "./frame-loading";
import { createFrameReplies } from "./frame-replies";
import { callHost, HostCallError } from "./host-api";
import { createPromptFocus } from "./prompt-focus";
import { createRegistrationPanel } from "./registration-panel";
import { createReplyFaults } from "./reply-faults";

const TAB_ID_KEY = "campus.tabId";
const FORWARDED_CODES: ReadonlySet<string> = new Set<HostError["code"]>(["BAD_REQUEST", "INVALID_LAUNCH", "APP_UNAVAILABLE"]);
const isForwarded = (code: string): code is HostError["code"] => FORWARDED_CODES.has(code);

// Written by this page's own server (render-page.ts), so it is read as the type it was built from.
const config = JSON.parse(required(document, "#campus-config").textContent ?? "") as PageConfig;
const byTestId = <Found extends Element = HTMLElement>(testId: string) => required<Found>(document, `[data-testid="${testId}"]`);
const consentDialog = createConsentDialog(byTestId<HTMLDialogElement>("consent-dialog"), {
  ...config.member,
  fallbackFocus: () => frame,
});
const launchLabel = byTestId("launch-id");
const frameLoading = createFrameLoading(byTestId("app-loading"));
const flowInspector = createFlowInspector({
  root: byTestId("flow-inspector"),
  toggle: byTestId("flow-toggle"),
  hideWhenOpen: byTestId("campus-panels"),
  callHost,
  intervalMs: config.logPollIntervalMs,
  specExcerpts: config.specExcerpts,
});
let registration: PublicRegistration = config.registration;
let frame = byTestId<HTMLIFrameElement>("app-frame");
// The frame's current launch.
let currentLaunchId: string | null = null;
let launchQueue: Promise<unknown> = Promise.resolve();
// Bumped whenever this page starts or finishes changing its launch: a call panel view asked for
// in an older epoch may show a launch that is no longer current, so it never mounts one.
let launchEpoch = 0;

function showPublication(): void {
  const badge = byTestId("app-status");
  badge.textContent = registration.published ? "Published" : "Not published";
  badge.classList.toggle("badge--off", !registration.published);
}

/** One random ID per campus tab, kept across reloads of the tab: the launch's owning tab. */
function readTabId(): string {
  let tabId = sessionStorage.getItem(TAB_ID_KEY);
  if (!tabId || !/^[A-Za-z0-9_-]{8,128}$/.test(tabId)) {
    tabId = crypto.randomUUID().replaceAll("-", "");
    sessionStorage.setItem(TAB_ID_KEY, tabId);
  }
  return tabId;
}
const tabId = readTabId();

function takeLaunch(launchId: string): void {
  currentLaunchId = launchId;
  launchLabel.textContent = launchId;
  // policy.ts: a pending authenticate of the ended launch gets no reply.
  consentDialog.cancel();
}

/**
 * Opens a new launch for this tab (ending its previous one); launches are opened one at a time.
 * With `activityInvitationId` it accepts that activity invitation: the launch is bound to it (spec 4.13).
 */
function renewLaunch(binding: { activityInvitationId?: string } = {}): Promise<string> {
  launchEpoch += 1;
  const next = launchQueue.then(async () => {
    const { launchId } = await callHost<{ launchId: string }>("POST", "/host/launches", { tabId, ...binding });
    takeLaunch(launchId);
    return launchId;
  });
  launchQueue = next.catch(() => undefined).finally(() => {
    launchEpoch += 1;
  });
  return next;
}

/** A fresh iframe element pointing at the app, answered with the current launch on its first ready. */
function replaceFrame(): void {
  frameReplies.forgetFrame();
  // A shallow clone of an iframe is an iframe (DOM: clone a node).
  const fresh = frame.cloneNode(false) as HTMLIFrameElement;
  fresh.removeAttribute("src");
  frame.replaceWith(fresh);
  frame = fresh;
  frameLoading.watch(frame);
  frame.src = registration.appUrl;
}

/** A new mount: a launch first (bound to an accepted activity invitation, if given), then a fresh frame. */
async function mountApp(binding?: { activityInvitationId: string }): Promise<void> {
  await renewLaunch(binding);
  replaceFrame();
}

/** A launch bound to an activity invitation accepted for this tab elsewhere (control API): mount it. */
function adoptActivityLaunch(view: CallView, epoch: number): void {
  const bound = view.activityLaunch;
  if (!bound || bound.launchId === currentLaunchId || epoch !== launchEpoch) return;
  launchEpoch += 1;
  takeLaunch(bound.launchId);
  replaceFrame();
}

function hostErrorCode(error: unknown): HostError["code"] {
  if (error instanceof HostCallError && isForwarded(error.code)) return error.code;
  return config.hostUnreachableCode;
}

/** The same iframe loads the app again: a new document, whose ready gets a new launch. */
function reloadFrame(): void {
  frameLoading.watch(frame);
  frame.src = registration.appUrl;
}

const frameReplies = createFrameReplies({
  consentDialog,
  callHost,
  tabId,
  hostErrorCode,
  launches: { current: () => currentLaunchId, renew: () => renewLaunch() },
});
const replyFaults = createReplyFaults({ callHost, tabId, flowInspector, replies: frameReplies, reloadFrame });

window.addEventListener("message", (event: MessageEvent<unknown>) => {
  // Only the registered app origin, and only the window of our own iframe.
  if (event.origin !== registration.appOrigin || event.source === null || event.source !== frame.contentWindow) return;
  const source = frame;
  const parsed = parseRequest(event.data);
  if (parsed.kind === "ignored") return;
  const method: unknown = Reflect.get(Object(event.data), "method");
  flowInspector.recordMessage("app-to-host", event.data, typeof method === "string" ? method : null);
  // Replies go only to the frame that asked, at the registered origin, never "*".
  const reply = (message: HostReply) => {
    if (frame !== source) return;
    flowInspector.recordMessage("host-to-app", message, method);
    source.contentWindow?.postMessage(message, registration.appOrigin);
  };
  if (parsed.kind === "invalid") reply(replyError(parsed.id, "BAD_REQUEST", parsed.message));
  else void replyFaults.handle(parsed.request, reply);
});

// GET /?member=<username> sets the member cookie and redirects back to the page.
const memberSwitcher = byTestId<HTMLSelectElement>("member-switcher");
memberSwitcher.addEventListener("change", () => memberSwitcher.form?.requestSubmit());

createRegistrationPanel(required<HTMLFormElement>(document, "#registration-form"), {
  registration,
  allScopes: config.allScopes,
  callHost,
  onSaved(saved) {
    registration = saved;
    showPublication();
    void mountApp();
  },
});
const promptFocus = createPromptFocus(byTestId("call-prompts"), { fallback: () => frame });
const callPanel = startCallPanel({
  panel: byTestId("call-panel"),
  prompts: byTestId("call-prompts"),
  presentation: byTestId("native-presentation"),
  simulator: byTestId("call-simulator-body"),
  tabId,
  callHost,
  intervalMs: config.callPollIntervalMs,
  acceptActivity: (activityInvitationId) => mountApp({ activityInvitationId }),
  readLaunchEpoch: () => launchEpoch,
  onView: adoptActivityLaunch,
  onPrompts: (added) => promptFocus.settle(added),
});
// The side panels are painted once the call panel holds its first view: filled after the first
// paint, it would push the panels below it down, a layout shift (render-page.ts, campus.css).
void callPanel.firstRefresh.then(() => byTestId("campus-panels").removeAttribute("data-awaiting-view"));
// Spec 3: presentation timeouts pause while this tab is hidden and restart when it is shown.
function reportVisibility(): void {
  callHost("POST", "/host/visibility", { tabId, visible: document.visibilityState === "visible" }).catch(() => undefined);
}
document.addEventListener("visibilitychange", reportVisibility);
reportVisibility();
mountApp().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  launchLabel.textContent = `unavailable: ${message}`;
  frameLoading.fail(`The app cannot be opened: ${message}`);
});
