import type { APIRequestContext } from "@playwright/test";
import { CAMPUS_API } from "./origins";

/** REST faults, and the faults of the campus page's replies to `ready` and `authenticate`. */
export type FaultKind = "unavailable" | "rateLimited" | "delay" | "drop" | "duplicate" | "staleLaunch" | "reload";

/** The local campus's control API (campus/README.md): clock, consent, registration, faults. */
export class CampusControl {
  constructor(private readonly request: APIRequestContext) {}

  async reset() {
    await this.post("/control/reset", {});
  }

  async advanceClock(seconds: number) {
    await this.post("/control/clock/advance", { seconds });
  }

  async revokeConsent(username?: string) {
    await this.post("/control/consent/revoke", username ? { username } : {});
  }

  async saveRegistration(changes: Record<string, unknown>) {
    const response = await this.request.put(`${CAMPUS_API}/control/registration`, { data: changes });
    if (!response.ok()) throw new Error(`registration save failed: ${response.status()} ${await response.text()}`);
    return response.json();
  }

  async injectFault(endpoint: string, kind: FaultKind, options: { count?: number; retryAfterSeconds?: number; delayMs?: number } = {}) {
    await this.post("/control/faults", { endpoint, kind, ...options });
  }

  /** Starts a call hosted by the member in the tab of their newest launch. */
  async startCall(username: string): Promise<{ callId: string; participationId: string }> {
    return (await this.post("/control/calls", { username })).json();
  }

  async joinCall(callId: string, username: string, role?: "speaker" | "audience"): Promise<string> {
    const { participationIds } = await (await this.post(`/control/calls/${callId}/members`, { username, ...(role ? { role } : {}) })).json();
    return participationIds[0];
  }

  async addSimulatedMembers(callId: string, count: number): Promise<string[]> {
    return (await (await this.post(`/control/calls/${callId}/members`, { simulated: true, count })).json()).participationIds;
  }

  async simulate(callId: string, participationId: string, op: "speak" | "drop" | "restore" | "leave" | "rejoin" | "stage-request") {
    return (await this.post(`/control/calls/${callId}/members/${participationId}/${op}`, {})).json();
  }

  async calls(): Promise<ControlCall[]> {
    return (await (await this.request.get(`${CAMPUS_API}/control/calls`)).json()).calls;
  }

  async members(): Promise<{ username: string; userId: string }[]> {
    return (await (await this.request.get(`${CAMPUS_API}/control/members`)).json()).members;
  }

  async commands(): Promise<{ commandId: string; kind: string; action?: string; status: string; username: string }[]> {
    return (await (await this.request.get(`${CAMPUS_API}/control/commands`)).json()).commands;
  }

  async restLog(): Promise<{ method: string; path: string; status: number }[]> {
    return (await (await this.request.get(`${CAMPUS_API}/host/log`)).json()).entries;
  }

  /** Activities, their invitations and entries (never a session key). */
  async activities(): Promise<ControlActivities> {
    return (await this.request.get(`${CAMPUS_API}/control/activities`)).json();
  }

  async presentations(): Promise<{ presentationId: string; status: string; restoredReason: string | null }[]> {
    return (await (await this.request.get(`${CAMPUS_API}/control/presentations`)).json()).presentations;
  }

  async launches(): Promise<{ launchId: string; username: string | null; tabId: string; current: boolean }[]> {
    return (await (await this.request.get(`${CAMPUS_API}/control/launches`)).json()).launches;
  }

  async setTabVisible(tabId: string, visible: boolean) {
    await this.post(`/control/tabs/${tabId}/visibility`, { visible });
  }

  /** The live tokens: a JSON POST, which no browser page of another site can make (campus/core/policy.ts). */
  async accessTokens(): Promise<string[]> {
    return (await (await this.post("/control/credentials", {})).json()).accessTokens;
  }

  private async post(path: string, data: unknown) {
    const response = await this.request.post(`${CAMPUS_API}${path}`, { data });
    if (!response.ok()) throw new Error(`${path} failed: ${response.status()} ${await response.text()}`);
    return response;
  }
}

export type ControlCall = {
  callId: string;
  hostUsername: string;
  members: { username: string; participationId: string; role: string; presence: string; stageState: string; simulated: boolean; camera: boolean; microphone: boolean; playbackMuted: boolean }[];
};

export type ControlActivities = {
  activities: { activityId: string; callId: string; label: string; inviter: string }[];
  invitations: { invitationId: string; activityId: string; recipient: string; status: string }[];
  entries: { entryId: string; activityId: string; username: string; launchId: string; leaseExpiresAt: string | number | null; endReason: string | null }[];
};
