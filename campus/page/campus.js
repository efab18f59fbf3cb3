// The campus page: mounts the registered app in its iframe, answers the app's ready and
// authenticate messages (spec 5.3 and part 6), and shows the native call panel, prompts and
// presentation of this tab, the flow inspector and the registration. It reports the tab's
// visibility (spec 3).

import { startCallPanel } from "./call-panel.js";
import { createConsentDialog } from "./consent-dialog.js";
import { createEnvelope } from "./envelope.js";
import { createFlowInspector } from "./flow-inspector.js";
import { createFrameLoading } from "./frame-loading.js";
import { createFrameReplies } from "./frame-replies.js";
import { callHost, HostCallError } from "./host-api.js";
import { createPromptFocus } from "./prompt-focus.js";
import { createRegistrationPanel } from "./registration-panel.js";
import { createReplyFaults } from "./reply-faults.js";

const TAB_ID_KEY = "campus.tabId";
const FORWARDED_CODES = new Set(["BAD_REQUEST", "INVALID_LAUNCH", "APP_UNAVAILABLE"]);

const config = JSON.parse(document.getElementById("campus-config").textContent);
const envelope = createEnvelope(config);
const consentDialog = createConsentDialog(document.querySelector('[data-testid="consent-dialog"]'), {
  ...config.member,
  fallbackFocus: () => frame,
});
const launchLabel = document.querySelector('[data-testid="launch-id"]');
const frameLoading = createFrameLoading(document.querySelector('[data-testid="app-loading"]'));
const flowInspector = createFlowInspector({
  root: document.querySelector('[data-testid="flow-inspector"]'),
  toggle: document.querySelector('[data-testid="flow-toggle"]'),
  hideWhenOpen: document.querySelector('[data-testid="campus-panels"]'),
  callHost,
  intervalMs: config.logPollIntervalMs,
  specExcerpts: config.specExcerpts,
});
let registration = config.registration;
let frame = document.querySelector('[data-testid="app-frame"]');
// The frame's current launch.
let currentLaunchId = null;
let launchQueue = Promise.resolve();
// Bumped whenever this page starts or finishes changing its launch: a call panel view asked for
// in an older epoch may show a launch that is no longer current, so it never mounts one.
let launchEpoch = 0;

function showPublication() {
  const badge = document.querySelector('[data-testid="app-status"]');
  badge.textContent = registration.published ? "Published" : "Not published";
  badge.classList.toggle("badge--off", !registration.published);
}

/** One random ID per campus tab, kept across reloads of the tab: the launch's owning tab. */
function readTabId() {
  let tabId = sessionStorage.getItem(TAB_ID_KEY);
  if (!tabId || !/^[A-Za-z0-9_-]{8,128}$/.test(tabId)) {
    tabId = crypto.randomUUID().replaceAll("-", "");
    sessionStorage.setItem(TAB_ID_KEY, tabId);
  }
  return tabId;
}
const tabId = readTabId();

function takeLaunch(launchId) {
  currentLaunchId = launchId;
  launchLabel.textContent = launchId;
  // policy.ts: a pending authenticate of the ended launch gets no reply.
  consentDialog.cancel();
}

/**
 * Opens a new launch for this tab (ending its previous one); launches are opened one at a time.
 * With `activityInvitationId` it accepts that activity invitation: the launch is bound to it (spec 4.13).
 */
function renewLaunch(binding = {}) {
  launchEpoch += 1;
  const next = launchQueue.then(async () => {
    const { launchId } = await callHost("POST", "/host/launches", { tabId, ...binding });
    takeLaunch(launchId);
    return launchId;
  });
  launchQueue = next.catch(() => undefined).finally(() => {
    launchEpoch += 1;
  });
  return next;
}

/** A fresh iframe element pointing at the app, answered with the current launch on its first ready. */
function replaceFrame() {
  frameReplies.forgetFrame();
  const fresh = frame.cloneNode(false);
  fresh.removeAttribute("src");
  frame.replaceWith(fresh);
  frame = fresh;
  frameLoading.watch(frame);
  frame.src = registration.appUrl;
}

/** A new mount: a launch first (bound to an accepted activity invitation, if given), then a fresh frame. */
async function mountApp(binding) {
  await renewLaunch(binding);
  replaceFrame();
}

/** A launch bound to an activity invitation accepted for this tab elsewhere (control API): mount it. */
function adoptActivityLaunch(view, epoch) {
  const bound = view.activityLaunch;
  if (!bound || bound.launchId === currentLaunchId || epoch !== launchEpoch) return;
  launchEpoch += 1;
  takeLaunch(bound.launchId);
  replaceFrame();
}

function hostErrorCode(error) {
  if (error instanceof HostCallError && FORWARDED_CODES.has(error.code)) return error.code;
  return config.hostUnreachableCode;
}

/** The same iframe loads the app again: a new document, whose ready gets a new launch. */
function reloadFrame() {
  frameLoading.watch(frame);
  frame.src = registration.appUrl;
}

const frameReplies = createFrameReplies({
  envelope,
  consentDialog,
  callHost,
  tabId,
  hostErrorCode,
  launches: { current: () => currentLaunchId, renew: () => renewLaunch() },
});
const replyFaults = createReplyFaults({ callHost, tabId, flowInspector, replies: frameReplies, reloadFrame });

window.addEventListener("message", (event) => {
  // Only the registered app origin, and only the window of our own iframe.
  if (event.origin !== registration.appOrigin || event.source === null || event.source !== frame.contentWindow) return;
  const source = frame;
  const parsed = envelope.parseRequest(event.data);
  if (parsed.kind === "ignored") return;
  const method = typeof event.data.method === "string" ? event.data.method : null;
  flowInspector.recordMessage("app-to-host", event.data, method);
  // Replies go only to the frame that asked, at the registered origin, never "*".
  const reply = (message) => {
    if (frame !== source) return;
    flowInspector.recordMessage("host-to-app", message, method);
    source.contentWindow?.postMessage(message, registration.appOrigin);
  };
  if (parsed.kind === "invalid") reply(envelope.replyError(parsed.id, "BAD_REQUEST", parsed.message));
  else replyFaults.handle(parsed.request, reply);
});

// GET /?member=<username> sets the member cookie and redirects back to the page.
const memberSwitcher = document.querySelector('[data-testid="member-switcher"]');
memberSwitcher.addEventListener("change", () => memberSwitcher.form.requestSubmit());

createRegistrationPanel(document.getElementById("registration-form"), {
  registration,
  allScopes: config.allScopes,
  callHost,
  onSaved(saved) {
    registration = saved;
    showPublication();
    mountApp();
  },
});
const promptFocus = createPromptFocus(document.querySelector('[data-testid="call-prompts"]'), { fallback: () => frame });
startCallPanel({
  panel: document.querySelector('[data-testid="call-panel"]'),
  prompts: document.querySelector('[data-testid="call-prompts"]'),
  presentation: document.querySelector('[data-testid="native-presentation"]'),
  simulator: document.querySelector('[data-testid="call-simulator-body"]'),
  tabId,
  callHost,
  intervalMs: config.callPollIntervalMs,
  acceptActivity: (activityInvitationId) => mountApp({ activityInvitationId }),
  readLaunchEpoch: () => launchEpoch,
  onView: adoptActivityLaunch,
  onPrompts: (added) => promptFocus.settle(added),
});
// Spec 3: presentation timeouts pause while this tab is hidden and restart when it is shown.
function reportVisibility() {
  callHost("POST", "/host/visibility", { tabId, visible: document.visibilityState === "visible" }).catch(() => undefined);
}
document.addEventListener("visibilitychange", reportVisibility);
reportVisibility();
mountApp().catch((error) => {
  launchLabel.textContent = `unavailable: ${error.message}`;
  frameLoading.fail(`The app cannot be opened: ${error.message}`);
});
