// The native call panel of this campus tab: polls GET /host/call for the tab and renders the
// start sheet, invitations, activity invitations, the call, the native prompts, the native
// presentation and the simulator. Each part is re-rendered only when its data changed, so open
// selects keep their choice between polls. Every view also goes to `onView` with the launch epoch
// it was asked for in, so that the page can mount a launch bound to an accepted activity invitation.

import { renderActivityInvitations } from "./activity-invitations.js";
import { renderPrompts } from "./call-prompts.js";
import { renderNativePresentation } from "./native-presentation.js";
import { renderCall } from "./call-roster.js";
import { renderSimulator } from "./call-simulator.js";
import { renderInvitations, renderStartCall } from "./call-start.js";

export function startCallPanel({ panel, prompts, presentation, simulator, tabId, callHost, intervalMs, acceptActivity, readLaunchEpoch, onView, onPrompts }) {
  const parts = {
    start: panel.querySelector('[data-part="start"]'),
    invitations: panel.querySelector('[data-part="invitations"]'),
    activityInvitations: panel.querySelector('[data-part="activity-invitations"]'),
    call: panel.querySelector('[data-part="call"]'),
  };
  const errorLine = panel.querySelector('[data-testid="call-error"]');
  const rendered = new Map();

  function renderPart(name, key, render) {
    const serialized = JSON.stringify(key);
    if (rendered.get(name) === serialized) return;
    rendered.set(name, serialized);
    render();
  }

  function show(view) {
    const inCall = view.call !== null;
    renderPart("start", [inCall, view.callInOtherTab, view.recipients], () => renderStartCall(parts.start, view, act));
    renderPart("invitations", view.invitations, () => renderInvitations(parts.invitations, view, act));
    renderPart("activityInvitations", view.activityInvitations, () => renderActivityInvitations(parts.activityInvitations, view, { act, accept }));
    renderPart("call", view.call && { ...view.call, simulated: undefined }, () => renderCall(parts.call, view, act));
    renderPart("prompts", [view.approvalPrompt, view.app, view.prompts.map(({ status: _status, ...prompt }) => prompt)], () => onPrompts(renderPrompts(prompts, view, act)));
    renderPart("presentation", [view.call?.participants, view.presentation, view.app.name], () => renderNativePresentation(presentation, view, view.app.name));
    renderPart("simulator", view.call && [view.call.callId, view.call.simulated], () => renderSimulator(simulator, view, act));
  }

  async function load(method, path, body) {
    const epoch = readLaunchEpoch();
    const view = await callHost(method, path, body);
    show(view);
    onView(view, epoch);
  }

  async function act(path, body = {}) {
    try {
      await load("POST", path, { tabId, ...body });
      errorLine.textContent = "";
    } catch (error) {
      errorLine.textContent = error.message;
    }
  }

  /** Accept of an activity invitation: the page opens the bound launch and remounts the app. */
  async function accept(invitationId) {
    try {
      await acceptActivity(invitationId);
      errorLine.textContent = "";
    } catch (error) {
      errorLine.textContent = error.message;
    }
    await refresh();
  }

  async function refresh() {
    try {
      await load("GET", `/host/call?tabId=${encodeURIComponent(tabId)}`);
    } catch {
      // The next poll retries; the panel mirrors the campus state.
    }
  }

  refresh();
  setInterval(refresh, intervalMs);
  return { refresh };
}
