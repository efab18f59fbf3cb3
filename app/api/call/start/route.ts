import { startRequestSchema } from "@/lib/wire/call-routes";
import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { sendCommand } from "@/lib/calls/send-command";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 4.5: `{ recipientId?, role? }`; the member confirms in the campus page.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    body: startRequestSchema,
    handle: async (request, input) => jsonNoStore({ command: await sendCommand(readSessionCredentials(request), { kind: "start", ...input }, getServerDeps()) }),
  },
});
