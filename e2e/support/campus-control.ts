import type { APIRequestContext } from "@playwright/test";
import { CAMPUS_API } from "./origins";

export type FaultKind = "unavailable" | "rateLimited" | "delay" | "drop";

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

  private async post(path: string, data: unknown) {
    const response = await this.request.post(`${CAMPUS_API}${path}`, { data });
    if (!response.ok()) throw new Error(`${path} failed: ${response.status()} ${await response.text()}`);
    return response;
  }
}
