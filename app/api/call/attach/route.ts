import { handleRoute } from "@/lib/api/handle-route";
import { jsonNoStore } from "@/lib/api/respond";
import { getAuthDeps } from "@/lib/auth/deps";
import { attachSessionToCall } from "@/lib/calls/attach";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 4.4: no body; the session keeps the grant ID, the page gets `{ status }`.
export const POST = handleRoute(async (request) => {
  const result = await attachSessionToCall(readSessionCarrier(request), getAuthDeps());
  return jsonNoStore(result);
});
