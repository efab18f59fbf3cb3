import { postNote } from "@/lib/activity/post-note";
import { serveRoute } from "@/lib/server/serve-route";
import { activityNotesRoute } from "@/lib/wire/activity-routes";

// `{ text }` only: the author is the session's verified member; access is rechecked first (spec 3).
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(activityNotesRoute, {
  POST: ({ credentials, deps, input }) => postNote(credentials, input, deps),
});
