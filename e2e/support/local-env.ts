import registration from "./registration.json" with { type: "json" };

/*
 * The end-to-end runs and the bench start the app with `next start` (NODE_ENV=production), which
 * refuses the development example secrets (lib/env.ts). So the local campus takes this
 * registration instead of campus/registration.json, and the app its matching credentials and a
 * session secret of its own. Test values, known to the repository: never a deployment's. The
 * bench uses the file as is (app origin on 3000); each end-to-end worker's campus reads a copy
 * with its own app origin (e2e/support/servers.ts).
 */
export const E2E_REGISTRATION_PATH = "e2e/support/registration.json";

export const CAMPUS_ENV = { CAMPUS_REGISTRATION: E2E_REGISTRATION_PATH };

export const APP_ENV = {
  CAMPUS_CLIENT_ID: registration.clientId,
  CAMPUS_CLIENT_SECRET: registration.clientSecret,
  SESSION_SECRET: "e2e-session-secret-3f9a7c1d5e8b2a4c6d0f9e7b",
};

/** Spec 5.1: the app's client credentials as the campus's token route takes them (HTTP Basic). */
export const CLIENT_AUTHORIZATION = `Basic ${Buffer.from(`${registration.clientId}:${registration.clientSecret}`).toString("base64")}`;

export { registration };
