import type { AuthenticateResult, Scope } from "../../lib/contract";
import { LIMITS } from "../../lib/contract";
import { CampusError } from "../core/errors";
import { coversConsent } from "../state/consents";
import type { CampusState } from "../state/campus-state";
import type { Launch } from "../state/launches";
import { isCurrentLaunch } from "../state/launches";
import type { CampusMember } from "../state/members";
import { getAppName } from "../state/registration";

/** Host-side errors, answered to the page, which forwards them to the frame (iframe-protocol.ts). */
const invalidLaunch = (message: string) => new CampusError("INVALID_LAUNCH", 409, message);
const appUnavailable = (message: string) => new CampusError("APP_UNAVAILABLE", 403, message);

/** A new mount (or a reload of the app document) in a tab: a new launch that ends the tab's previous one. */
export function openLaunch(state: CampusState, member: CampusMember, tabId: string): Launch {
  const { generation } = state.registration.getRegistration();
  return state.launches.openLaunch({ userId: member.userId, tabId, generation });
}

/** Only the current launch of this tab and member, under the current registration, may log in. */
export function requireCurrentLaunch(state: CampusState, input: { launchId: string; member: CampusMember; tabId: string }): Launch {
  const launch = state.launches.findLaunch(input.launchId);
  if (!launch) throw invalidLaunch("The launch is unknown");
  if (launch.userId !== input.member.userId || launch.tabId !== input.tabId) {
    throw invalidLaunch("The launch belongs to another tab or member");
  }
  const registration = state.registration.getRegistration();
  if (!isCurrentLaunch(launch, registration.generation)) throw invalidLaunch("The launch has ended");
  // policy.ts: an unpublished app mounts, but cannot log in.
  if (!registration.published) throw appUnavailable("The app is not published");
  state.launches.markLaunchUsed(launch);
  return launch;
}

export type ConsentNeed = {
  consent: "remembered" | "required";
  app: { name: string; origin: string };
  scopes: Scope[];
};

/** Spec 5.5: a remembered consent counts only for the same scopes and origin; otherwise ask. */
export function describeConsentNeed(state: CampusState, launch: Launch): ConsentNeed {
  const registration = state.registration.getRegistration();
  const consent = state.consents.findConsent(launch.userId, registration.clientId);
  return {
    consent: consent && coversConsent(consent, registration) ? "remembered" : "required",
    app: { name: getAppName(registration), origin: registration.appOrigin },
    scopes: [...registration.scopes],
  };
}

/**
 * The member approved now, or approved these exact scopes before: record the consent and issue a
 * one-use code bound to app, generation, launch and member (spec 3: valid 60 s). The reply holds
 * only code, expiresIn and the echoed state (spec part 9).
 */
export function issueLaunchCode(
  state: CampusState,
  input: { launch: Launch; state: string; consent: "approved" | "remembered" },
): AuthenticateResult {
  const registration = state.registration.getRegistration();
  const { launch } = input;
  if (input.consent === "remembered" && describeConsentNeed(state, launch).consent !== "remembered") {
    throw new CampusError("CONSENT_REQUIRED", 409, "The member has not approved these scopes for this app");
  }
  const consent = state.consents.grantConsent({
    userId: launch.userId,
    clientId: registration.clientId,
    scopes: registration.scopes,
    appOrigin: registration.appOrigin,
  });
  const code = state.codes.issueCode({
    clientId: registration.clientId,
    generation: registration.generation,
    launchId: launch.launchId,
    userId: launch.userId,
    scopes: consent.scopes,
    consentId: consent.consentId,
  });
  return { code: code.code, expiresIn: LIMITS.codeLifetimeSeconds, state: input.state };
}
