import { closePoll } from "@/lib/activity/close-poll";
import { serveRoute } from "@/lib/server/serve-route";
import { activityCloseRoute } from "@/lib/wire/activity-routes";

// No input: the poll is the session's, and only its owner may close it (lib/activity/owner.ts).
// Access is rechecked first (spec 3).
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(activityCloseRoute, {
  POST: ({ credentials, deps }) => closePoll(credentials, deps),
});
