import { listSessionCommands } from "@/lib/calls/list-commands";
import { sendCommand } from "@/lib/calls/send-command";
import { serveRoute } from "@/lib/server/serve-route";
import { callCommandsRoute } from "@/lib/wire/call-routes";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(callCommandsRoute, {
  // Spec 4.8: the session's recent commands, oldest first, with their current status.
  GET: async ({ credentials, deps }) => ({ commands: await listSessionCommands(credentials, deps) }),
  // Spec 4.7: `{ kind, ...payload }` without clientId; the grant comes from the session.
  POST: async ({ credentials, deps, input }) => ({ command: await sendCommand(credentials, input, deps) }),
});
