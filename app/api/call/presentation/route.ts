import { presentationRequestSchema } from "@/lib/api/presentation-schemas";
import { handleRoute } from "@/lib/api/handle-route";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { getAuthDeps } from "@/lib/auth/deps";
import { startPresentation } from "@/lib/presentations/start-presentation";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 3 prepare, 4.9-4.10: `{ mode, participationIds }`; the grant and the presentation stay on the backend.
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  const input = await readBody(request, presentationRequestSchema);
  const presentation = await startPresentation(carrier, input, getAuthDeps());
  return jsonNoStore(presentation);
});
