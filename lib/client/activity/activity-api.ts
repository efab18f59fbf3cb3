import { activityResponseSchema, type CreateActivityRequest } from "@/lib/wire/activity-routes";
import { commandResponseSchema } from "@/lib/wire/call-routes";
import { fetchApi, type LaunchCredentials } from "@/lib/client/fetch/fetcher";

/** One function per activity route of the app's own API. No session key, activity or entry ID: the backend has them. */
export const activityApi = {
  get: (launch: LaunchCredentials) => fetchApi("/api/activity", { launch, schema: activityResponseSchema }),

  /** Joins through this launch's verified entry, or rechecks the access already held. */
  enter: (launch: LaunchCredentials) => fetchApi("/api/activity/entry", { launch, method: "POST", schema: activityResponseSchema }),

  create: (launch: LaunchCredentials, body: CreateActivityRequest) =>
    fetchApi("/api/activity", { launch, method: "POST", body, schema: activityResponseSchema }),

  vote: (launch: LaunchCredentials, option: number) =>
    fetchApi("/api/activity/vote", { launch, method: "POST", body: { option }, schema: activityResponseSchema }),

  invite: (launch: LaunchCredentials) => fetchApi("/api/activity/invite", { launch, method: "POST", body: {}, schema: commandResponseSchema }),
};
