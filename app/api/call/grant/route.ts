import { handleRoute } from "@/lib/api/handle-route";
import { jsonNoStore } from "@/lib/api/respond";
import { getAuthDeps } from "@/lib/auth/deps";
import { readSessionGrant } from "@/lib/calls/grant";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 2 "Call grant": the session's grant, or `{ grant: null }` before any attach.
export const GET = handleRoute(async (request) => {
  const grant = await readSessionGrant(readSessionCarrier(request), getAuthDeps());
  return jsonNoStore(grant);
});
