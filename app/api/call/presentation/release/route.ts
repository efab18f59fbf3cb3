import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { releaseSessionPresentation } from "@/lib/presentations/operations";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 3 release: no body; `{ presentation }`, null when the session had none.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: { handle: async (request) => jsonNoStore(await releaseSessionPresentation(readSessionCredentials(request), getServerDeps())) },
});
