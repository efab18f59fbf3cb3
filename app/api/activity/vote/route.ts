import { voteRequestSchema } from "@/lib/api/activity-schemas";
import { handleRoute } from "@/lib/api/handle-route";
import { assertNoQuery } from "@/lib/api/no-query";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { getActivityDeps } from "@/lib/activity/deps";
import { castVote } from "@/lib/activity/vote";
import { readSessionCarrier } from "@/lib/session/carrier";

// `{ option }` only: the voter is the session's verified member; access is rechecked first (spec 3).
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  assertNoQuery(request);
  const input = await readBody(request, voteRequestSchema);
  return jsonNoStore(await castVote(carrier, input, getActivityDeps()));
});
