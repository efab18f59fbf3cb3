// The native call panel of this campus tab: polls GET /host/call for the tab and renders the
// start sheet, invitations, activity invitations, the call, the native prompts, the native
// presentation and the simulator. Each part is re-rendered only when its data changed, so open
// selects keep their choice between polls. Every view also goes to `onView` with the launch epoch
// it was asked for in, so that the page can mount a launch bound to an accepted activity invitation.

import { renderActivityInvitations } from "./activity-invitations";
import { renderPrompts } from "./call-prompts";
import { renderCall } from "./call-roster";
import { renderSimulator } from "./call-simulator";
import { renderInvitations, renderStartCall } from "./call-start";
import type { CallView } from "./call-view";
import { required } from "./dom";
import type { CallHost, HttpMethod } from "./host-api";
import { renderNativePresentation } from "./native-presentation";

export type CallPanelOptions = {
  panel: HTMLElement;
  prompts: HTMLElement;
  presentation: HTMLElement;
  simulator: HTMLElement;
  tabId: string;
  callHost: CallHost;
  intervalMs: number;
  acceptActivity: (activityInvitationId: string) => Promise<void>;
  readLaunchEpoch: () => number;
  onView: (view: CallView, epoch: number) => void;
  onPrompts: (added: HTMLElement[]) => void;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startCallPanel({ panel, prompts, presentation, simulator, tabId, callHost, intervalMs, acceptActivity, readLaunchEpoch, onView, onPrompts }: CallPanelOptions) {
  const parts = {
    start: required(panel, '[data-part="start"]'),
    invitations: required(panel, '[data-part="invitations"]'),
    activityInvitations: required(panel, '[data-part="activity-invitations"]'),
    call: required(panel, '[data-part="call"]'),
  };
  const errorLine = required(panel, '[data-testid="call-error"]');
  const rendered = new Map<string, string>();

  function renderPart(name: string, key: unknown, render: () => void): void {
    const serialized = JSON.stringify(key);
    if (rendered.get(name) === serialized) return;
    rendered.set(name, serialized);
    render();
  }

  function show(view: CallView): void {
    const inCall = view.call !== null;
    renderPart("start", [inCall, view.callInOtherTab, view.recipients], () => renderStartCall(parts.start, view, act));
    renderPart("invitations", view.invitations, () => renderInvitations(parts.invitations, view, act));
    renderPart("activityInvitations", view.activityInvitations, () => renderActivityInvitations(parts.activityInvitations, view, { act, accept }));
    renderPart("call", view.call && { ...view.call, simulated: undefined }, () => renderCall(parts.call, view, act));
    renderPart("prompts", [view.approvalPrompt, view.app, view.prompts.map(({ status: _status, ...prompt }) => prompt)], () => onPrompts(renderPrompts(prompts, view, act)));
    renderPart("presentation", [view.call?.participants, view.presentation, view.app.name], () => renderNativePresentation(presentation, view, view.app.name));
    renderPart("simulator", view.call && [view.call.callId, view.call.simulated], () => renderSimulator(simulator, view, act));
  }

  async function load(method: HttpMethod, path: string, body?: Record<string, unknown>): Promise<void> {
    const epoch = readLaunchEpoch();
    const view = await callHost<CallView>(method, path, body);
    show(view);
    onView(view, epoch);
  }

  async function act(path: string, body: Record<string, unknown> = {}): Promise<void> {
    try {
      await load("POST", path, { tabId, ...body });
      errorLine.textContent = "";
    } catch (error) {
      errorLine.textContent = messageOf(error);
    }
  }

  /** Accept of an activity invitation: the page opens the bound launch and remounts the app. */
  async function accept(invitationId: string): Promise<void> {
    try {
      await acceptActivity(invitationId);
      errorLine.textContent = "";
    } catch (error) {
      errorLine.textContent = messageOf(error);
    }
    await refresh();
  }

  async function refresh(): Promise<void> {
    try {
      await load("GET", `/host/call?tabId=${encodeURIComponent(tabId)}`);
    } catch {
      // The next poll retries; the panel mirrors the campus state.
    }
  }

  // Settles once the first view is shown, or its request has failed (the next poll retries).
  const firstRefresh = refresh();
  setInterval(() => void refresh(), intervalMs);
  return { refresh, firstRefresh };
}
