import { presentationRequestSchema } from "@/lib/api/presentation-schemas";
import { defineRoute } from "@/lib/api/define-route";
import { jsonNoStore } from "@/lib/api/respond";
import { getAuthDeps } from "@/lib/auth/deps";
import { startPresentation } from "@/lib/presentations/start-presentation";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 3 prepare, 4.9-4.10: `{ mode, participationIds }`; the grant and the presentation stay on the backend.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    body: presentationRequestSchema,
    handle: async (request, input) => jsonNoStore(await startPresentation(readSessionCarrier(request), input, getAuthDeps())),
  },
});
