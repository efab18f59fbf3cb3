import "server-only";
import { getEnv } from "@/lib/env";
import { createCampusApi, type CampusApi } from "./client";

/*
 * The only code that knows the campus base URL, the client credentials and how a bearer token
 * is sent. Everything else calls the typed functions of `getCampusApi()`.
 */
export { createCampusApi, type CampusApi, type CampusApiConfig } from "./client";
export { COMMAND_ATTEMPT_TIMEOUT_MS, type AcceptBody, type CampusCallsApi, type GrantCommandBody, type StartBody } from "./call-endpoints";
export { PRESENTATION_ATTEMPT_TIMEOUT_MS, type CampusPresentationsApi, type PresentationOperation } from "./presentation-endpoints";
export { type CampusActivitiesApi } from "./activity-endpoints";
export { CAMPUS_UNAVAILABLE } from "./request";

let campusApi: CampusApi | undefined;

export function getCampusApi(): CampusApi {
  if (!campusApi) {
    const env = getEnv();
    campusApi = createCampusApi({
      baseUrl: env.CAMPUS_API_URL,
      clientId: env.CAMPUS_CLIENT_ID,
      clientSecret: env.CAMPUS_CLIENT_SECRET,
    });
  }
  return campusApi;
}

