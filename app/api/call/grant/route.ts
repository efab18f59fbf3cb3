import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { readSessionGrant } from "@/lib/calls/grant";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 2 "Call grant": the session's grant, or `{ grant: null }` before any attach.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: { handle: async (request) => jsonNoStore(await readSessionGrant(readSessionCredentials(request), getServerDeps())) },
});
