import { presentationRequestSchema } from "@/lib/wire/presentation-routes";
import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { startPresentation } from "@/lib/presentations/start-presentation";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 3 prepare, 4.9-4.10: `{ mode, participationIds }`; the grant and the presentation stay on the backend.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    body: presentationRequestSchema,
    handle: async (request, input) => jsonNoStore(await startPresentation(readSessionCredentials(request), input, getServerDeps())),
  },
});
