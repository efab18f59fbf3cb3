import "server-only";
import {
  activityEntrySchema,
  activityReadSchema,
  activityRegisteredSchema,
  callActivitySchema,
  type ActivityEntry,
  type ActivityRead,
  type ActivityRegistered,
  type CallActivity,
} from "@/lib/contract";
import { bearer, outgoing, sameId, segment } from "./contract-checks";
import { campusRequest, type CampusTransport } from "./request";

/** The activity endpoints of spec part 4 (4.11-4.13). Every response is validated against lib/contract. */
export type CampusActivitiesApi = {
  registerActivity(accessToken: string, activity: CallActivity): Promise<ActivityRegistered>;
  readActivity(accessToken: string, activityId: string): Promise<ActivityRead>;
  readActivityEntry(accessToken: string): Promise<ActivityEntry>;
};

export function createActivitiesApi(transport: CampusTransport): CampusActivitiesApi {
  return {
    // Spec 2 CallActivity: `{ grantId, sessionKey, label }`; the key is the app's own, server-generated.
    registerActivity: async (accessToken, activity) =>
      campusRequest(transport, {
        method: "POST",
        path: "/v1/apps/calls/activities",
        authorization: bearer(accessToken),
        body: outgoing(callActivitySchema, activity, "The activity registration"),
        schema: activityRegisteredSchema,
      }),

    // Spec 4.12: the label and call ID, after current approval and matching participation; never the key.
    readActivity: async (accessToken, activityId) => {
      const path = `/v1/apps/calls/activities/${segment(activityId)}` as const;
      const activity = await campusRequest(transport, { method: "GET", path, authorization: bearer(accessToken), schema: activityReadSchema });
      return sameId(activity, activity.activityId, activityId, "GET /v1/apps/calls/activities/{id}");
    },

    // Spec 4.13: no parameters; the entry of the accepted invitation bound to this launch. Each read renews its lease.
    readActivityEntry: (accessToken) =>
      campusRequest(transport, {
        method: "GET",
        path: "/v1/apps/calls/activity-entry",
        authorization: bearer(accessToken),
        schema: activityEntrySchema,
      }),
  };
}
