import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { attachSessionToCall } from "@/lib/calls/attach";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 4.4: no body; the session keeps the grant ID, the page gets `{ status }`.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: { handle: async (request) => jsonNoStore(await attachSessionToCall(readSessionCredentials(request), getServerDeps())) },
});
