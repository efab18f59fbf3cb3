import { handleRoute } from "@/lib/api/handle-route";
import { jsonNoStore } from "@/lib/api/respond";
import { getAuthDeps } from "@/lib/auth/deps";
import { releaseSessionPresentation } from "@/lib/presentations/operations";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 3 release: no body; `{ presentation }`, null when the session had none.
export const POST = handleRoute(async (request) => {
  const result = await releaseSessionPresentation(readSessionCarrier(request), getAuthDeps());
  return jsonNoStore(result);
});
