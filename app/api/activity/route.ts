import { createActivityRequestSchema } from "@/lib/wire/activity";
import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { createActivity } from "@/lib/activity/create-activity";
import { getServerDeps } from "@/lib/server/deps";
import { readActivity } from "@/lib/activity/read-activity";
import { readSessionCarrier } from "@/lib/session/carrier";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  // The session's activity (a poll and its votes, or notes), read by the page: `none`, `joined` or `ended`.
  GET: { handle: async (request) => jsonNoStore(await readActivity(readSessionCarrier(request), getServerDeps())) },
  // Spec 4.11: `{ kind, label, … }` of one kind (lib/wire/activity.ts); the session key is made here and registered for the session's grant.
  POST: {
    body: createActivityRequestSchema,
    handle: async (request, input) => jsonNoStore(await createActivity(readSessionCarrier(request), input, getServerDeps())),
  },
});
