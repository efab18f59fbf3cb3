import { commandRequestSchema } from "@/lib/wire/call-routes";
import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { listSessionCommands } from "@/lib/calls/list-commands";
import { sendCommand } from "@/lib/calls/send-command";
import { readSessionCredentials } from "@/lib/session/session-credentials";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  // Spec 4.8: the session's recent commands, oldest first, with their current status.
  GET: { handle: async (request) => jsonNoStore({ commands: await listSessionCommands(readSessionCredentials(request), getServerDeps()) }) },
  // Spec 4.7: `{ kind, ...payload }` without clientId; the grant comes from the session.
  POST: {
    body: commandRequestSchema,
    handle: async (request, input) => jsonNoStore({ command: await sendCommand(readSessionCredentials(request), input, getServerDeps()) }),
  },
});
