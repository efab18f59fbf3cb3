import { startRequestSchema } from "@/lib/api/call-schemas";
import { handleRoute } from "@/lib/api/handle-route";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { getCallDeps } from "@/lib/calls/deps";
import { sendCommand } from "@/lib/calls/send-command";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 4.5: `{ recipientId?, role? }`; the member confirms in the campus page.
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  const input = await readBody(request, startRequestSchema);
  const command = await sendCommand(carrier, { kind: "start", ...input }, getCallDeps());
  return jsonNoStore({ command });
});
