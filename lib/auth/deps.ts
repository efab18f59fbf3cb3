import "server-only";
import { getCampusApi, type CampusApi } from "@/lib/campus-api";
import { getEnv } from "@/lib/env";
import type { SessionDeps } from "@/lib/session/get-visitor-session";
import { getSessionStores } from "@/lib/session/stores";

/** What the auth functions need, injected so tests can pass a fake campus and fresh stores. */
export type AuthDeps = SessionDeps & {
  campus: CampusApi;
  /** CAMPUS_ORIGINS: the host origins the app trusts. */
  campusOrigins: readonly string[];
};

export function getAuthDeps(): AuthDeps {
  const env = getEnv();
  return {
    ...getSessionStores(),
    campus: getCampusApi(),
    campusOrigins: env.CAMPUS_ORIGINS,
    sessionSecret: env.SESSION_SECRET,
    now: Date.now,
  };
}
