import { acceptRequestSchema } from "@/lib/api/call-schemas";
import { handleRoute } from "@/lib/api/handle-route";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { getCallDeps } from "@/lib/calls/deps";
import { sendCommand } from "@/lib/calls/send-command";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 4.6: `{}`; the member confirms the incoming invitation in the campus page.
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  await readBody(request, acceptRequestSchema);
  const command = await sendCommand(carrier, { kind: "accept" }, getCallDeps());
  return jsonNoStore({ command });
});
