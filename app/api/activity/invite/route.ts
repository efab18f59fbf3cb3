import { inviteRequestSchema } from "@/lib/api/activity-schemas";
import { handleRoute } from "@/lib/api/handle-route";
import { assertNoQuery } from "@/lib/api/no-query";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { getCallDeps } from "@/lib/calls/deps";
import { sendCommand } from "@/lib/calls/send-command";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 4.7 activityInvite: the session's activity, sent as a grant command; the member selects the invitees in the campus page.
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  assertNoQuery(request);
  await readBody(request, inviteRequestSchema);
  const command = await sendCommand(carrier, { kind: "activityInvite" }, getCallDeps());
  return jsonNoStore({ command });
});
