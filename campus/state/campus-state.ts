import type { Clock } from "../core/clock";
import { CampusError, describeIssues } from "../core/errors";
import { createActivityStore } from "./activities";
import { createActivityEntryStore } from "./activity-entries";
import { createCallStore } from "./calls";
import { createCodeStore } from "./codes";
import { createCommandStore } from "./commands";
import { createConsentStore } from "./consents";
import { createFaultStore } from "./faults";
import { createGrantStore } from "./grants";
import { createInvitationStore } from "./invitations";
import { createLaunchStore } from "./launches";
import { createMemberStore } from "./members";
import { createPresentationStore } from "./presentations";
import { createRegistrationSchema, createRegistrationStore, registrationPatchSchema } from "./registration";
import type { Registration, RegistrationInput } from "./registration";
import { createRateWindows } from "./rate-windows";
import { createRequestLog } from "./request-log";
import { createSimulatedMemberStore } from "./simulated-members";
import { createTabStore } from "./tabs";
import { createTokenStore } from "./tokens";

/** Everything the campus remembers, calls, presentations and activities included. A reset builds a new one. */
export type CampusState = ReturnType<typeof createCampusState>;

export function createCampusState(input: { registration: RegistrationInput; campusOrigin: string; clock: Clock }) {
  const { clock } = input;
  return {
    campusOrigin: input.campusOrigin,
    members: createMemberStore(input.campusOrigin),
    registration: createRegistrationStore(input.registration, clock),
    launches: createLaunchStore(clock),
    consents: createConsentStore(clock),
    codes: createCodeStore(clock),
    tokens: createTokenStore(clock),
    requestLog: createRequestLog(),
    faults: createFaultStore(),
    simulatedMembers: createSimulatedMemberStore(),
    calls: createCallStore(clock),
    invitations: createInvitationStore(clock),
    grants: createGrantStore(clock),
    commands: createCommandStore(clock),
    rateWindows: createRateWindows(clock),
    presentations: createPresentationStore(clock),
    tabs: createTabStore(clock),
    activities: createActivityStore(clock),
    activityEntries: createActivityEntryStore(clock),
  };
}

/**
 * Spec 5.6: a registration save (from the page or the control API) validates the whole result,
 * starts a new generation and ends every launch of older ones. Codes and tokens carry their
 * generation and are refused on use, so nothing issued before the save works after it.
 */
export function saveRegistration(state: CampusState, patch: unknown): Registration {
  const parsedPatch = registrationPatchSchema.safeParse(patch);
  if (!parsedPatch.success) throw invalidRegistration(describeIssues(parsedPatch.error));
  const { generation: _generation, savedAt: _savedAt, ...current } = state.registration.getRegistration();
  const next = createRegistrationSchema(state.campusOrigin).safeParse({ ...current, ...parsedPatch.data });
  if (!next.success) throw invalidRegistration(describeIssues(next.error));
  const saved = state.registration.replaceRegistration(next.data);
  state.launches.endLaunchesBefore(saved.generation);
  return saved;
}

function invalidRegistration(detail: string): CampusError {
  return new CampusError("BAD_USER_INPUT", 400, `Invalid registration: ${detail}`);
}
