import { enterActivity } from "@/lib/activity/enter-activity";
import { serveRoute } from "@/lib/server/serve-route";
import { activityEntryRoute } from "@/lib/wire/activity-routes";

// Spec 4.13: joins through the verified entry of this launch, or renews its lease. A POST: it changes what the session holds.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(activityEntryRoute, {
  POST: ({ credentials, deps }) => enterActivity(credentials, deps),
});
