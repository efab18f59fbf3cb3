import { createActivity } from "@/lib/activity/create-activity";
import { readActivity } from "@/lib/activity/read-activity";
import { serveRoute } from "@/lib/server/serve-route";
import { activityRoute } from "@/lib/wire/activity-routes";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(activityRoute, {
  // The session's activity (a poll and its votes, or notes), refreshed by the page: `none`, `joined` or `ended`.
  GET: ({ credentials, deps }) => readActivity(credentials, deps),
  // Spec 4.11: `{ kind, label, … }` of one kind (lib/wire/activity-routes.ts); the session key is made here and registered for the session's grant.
  POST: ({ credentials, deps, input }) => createActivity(credentials, input, deps),
});
