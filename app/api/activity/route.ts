import { createActivityRequestSchema } from "@/lib/api/activity-schemas";
import { handleRoute } from "@/lib/api/handle-route";
import { assertNoQuery } from "@/lib/api/no-query";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { createActivity } from "@/lib/activity/create-activity";
import { getActivityDeps } from "@/lib/activity/deps";
import { readActivity } from "@/lib/activity/read-activity";
import { readSessionCarrier } from "@/lib/session/carrier";

// The session's poll and its votes, polled by the page: `none`, `joined` or `ended`.
export const GET = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  assertNoQuery(request);
  return jsonNoStore(await readActivity(carrier, getActivityDeps()));
});

// Spec 4.11: `{ label, question, options }`; the session key is made here and registered for the session's grant.
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  assertNoQuery(request);
  const input = await readBody(request, createActivityRequestSchema);
  return jsonNoStore(await createActivity(carrier, input, getActivityDeps()));
});
