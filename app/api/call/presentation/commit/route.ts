import { handleRoute } from "@/lib/api/handle-route";
import { jsonNoStore } from "@/lib/api/respond";
import { getAuthDeps } from "@/lib/auth/deps";
import { commitSessionPresentation } from "@/lib/presentations/operations";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 3 commit: no body; the page retries a 409 while its tiles get ready.
export const POST = handleRoute(async (request) => {
  const result = await commitSessionPresentation(readSessionCarrier(request), getAuthDeps());
  return jsonNoStore(result);
});
