import { castVote } from "@/lib/activity/vote";
import { serveRoute } from "@/lib/server/serve-route";
import { activityVoteRoute } from "@/lib/wire/activity-routes";

// `{ option }` only: the voter is the session's verified member; access is rechecked first (spec 3).
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(activityVoteRoute, {
  POST: ({ credentials, deps, input }) => castVote(credentials, input, deps),
});
