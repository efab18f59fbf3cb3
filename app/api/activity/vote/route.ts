import { voteRequestSchema } from "@/lib/wire/activity-routes";
import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { castVote } from "@/lib/activity/vote";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// `{ option }` only: the voter is the session's verified member; access is rechecked first (spec 3).
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    body: voteRequestSchema,
    handle: async (request, input) => jsonNoStore(await castVote(readSessionCredentials(request), input, getServerDeps())),
  },
});
