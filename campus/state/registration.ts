import { z } from "zod";
import { registrationScopesSchema } from "../../lib/contract";
import type { Clock } from "../clock";

const httpUrlSchema = z.url({ protocol: /^https?$/ });

/** The registration as the file and the control API state it (secret included). */
const registrationFields = {
  // RFC 7617 2: the Basic user-id cannot hold a colon, so neither can a client ID (spec 5.1).
  clientId: z.string().min(1).max(128).refine((clientId) => !clientId.includes(":"), "must not contain a colon"),
  clientSecret: z.string().min(1).max(256),
  appUrl: httpUrlSchema,
  appOrigin: httpUrlSchema,
  /** The app's icon, shown beside its name in the campus page; an absolute URL on appOrigin. */
  iconUrl: httpUrlSchema.optional(),
  /** Display name for the consent dialog; without it the app is named by its origin's host. */
  name: z.string().min(1).max(80).optional(),
  scopes: registrationScopesSchema,
  published: z.boolean(),
};

export type RegistrationInput = z.infer<z.ZodObject<typeof registrationFields>>;

/** A registration whose origins are consistent with each other and with the campus (spec 5.7). */
export function createRegistrationSchema(campusOrigin: string) {
  return z.strictObject(registrationFields).superRefine((registration, context) => {
    const origin = registration.appOrigin;
    if (new URL(origin).origin !== origin) {
      context.addIssue({ code: "custom", path: ["appOrigin"], message: "must be an origin: scheme, host and port only" });
      return;
    }
    if (new URL(registration.appUrl).origin !== origin) {
      context.addIssue({ code: "custom", path: ["appUrl"], message: "must be on appOrigin" });
    }
    // The campus page loads the icon itself; its CSP allows images from the app origin only.
    if (registration.iconUrl !== undefined && new URL(registration.iconUrl).origin !== origin) {
      context.addIssue({ code: "custom", path: ["iconUrl"], message: "must be on appOrigin" });
    }
    // Spec 5.7: the app must use an origin separate from the host.
    if (origin === new URL(campusOrigin).origin) {
      context.addIssue({ code: "custom", path: ["appOrigin"], message: "must differ from the campus origin" });
    }
  });
}

/** What a save may change: any field of the registration. */
export const registrationPatchSchema = z.strictObject(registrationFields).partial();
export type RegistrationPatch = z.infer<typeof registrationPatchSchema>;

export type Registration = RegistrationInput & {
  /** Bumped by every save; credentials and launches of an older generation are dead (spec 5.6). */
  generation: number;
  savedAt: number;
};

export type PublicRegistration = Omit<Registration, "clientSecret" | "savedAt"> & { name: string; savedAt: string };

/** The registration without its secret, as the page and the control API show it. */
export function toPublicRegistration(registration: Registration): PublicRegistration {
  const { clientSecret: _secret, savedAt, ...rest } = registration;
  return { ...rest, name: getAppName(registration), savedAt: new Date(savedAt).toISOString() };
}

export function getAppName(registration: RegistrationInput): string {
  return registration.name ?? new URL(registration.appOrigin).host;
}

export type RegistrationStore = ReturnType<typeof createRegistrationStore>;

export function createRegistrationStore(initial: RegistrationInput, clock: Clock) {
  let current: Registration = { ...initial, generation: 1, savedAt: clock.now() };
  return {
    getRegistration: (): Registration => current,
    /** Replaces the registration with an already validated one and starts a new generation. */
    replaceRegistration: (next: RegistrationInput): Registration => {
      current = { ...next, generation: current.generation + 1, savedAt: clock.now() };
      return current;
    },
  };
}
