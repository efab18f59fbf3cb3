import { commandRequestSchema } from "@/lib/api/call-schemas";
import { handleRoute } from "@/lib/api/handle-route";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { getCallDeps } from "@/lib/calls/deps";
import { listSessionCommands } from "@/lib/calls/list-commands";
import { sendCommand } from "@/lib/calls/send-command";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 4.8: the session's recent commands, oldest first, with their current status.
export const GET = handleRoute(async (request) => {
  const commands = await listSessionCommands(readSessionCarrier(request), getCallDeps());
  return jsonNoStore({ commands });
});

// Spec 4.7: `{ kind, ...payload }` without clientId; the grant comes from the session.
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  const input = await readBody(request, commandRequestSchema);
  const command = await sendCommand(carrier, input, getCallDeps());
  return jsonNoStore({ command });
});
