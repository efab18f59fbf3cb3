import { createActivityRequestSchema } from "@/lib/wire/activity-routes";
import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { createActivity } from "@/lib/activity/create-activity";
import { getServerDeps } from "@/lib/server/deps";
import { readActivity } from "@/lib/activity/read-activity";
import { readSessionCredentials } from "@/lib/session/session-credentials";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  // The session's poll and its votes, polled by the page: `none`, `joined` or `ended`.
  GET: { handle: async (request) => jsonNoStore(await readActivity(readSessionCredentials(request), getServerDeps())) },
  // Spec 4.11: `{ label, question, options }`; the session key is made here and registered for the session's grant.
  POST: {
    body: createActivityRequestSchema,
    handle: async (request, input) => jsonNoStore(await createActivity(readSessionCredentials(request), input, getServerDeps())),
  },
});
