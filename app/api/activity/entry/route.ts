import { handleRoute } from "@/lib/api/handle-route";
import { assertNoQuery } from "@/lib/api/no-query";
import { jsonNoStore } from "@/lib/api/respond";
import { getActivityDeps } from "@/lib/activity/deps";
import { enterActivity } from "@/lib/activity/enter-activity";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 4.13: joins through the verified entry of this launch, or renews its lease; no parameters.
export const GET = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  assertNoQuery(request);
  return jsonNoStore(await enterActivity(carrier, getActivityDeps()));
});
