import { sendCommand } from "@/lib/calls/send-command";
import { serveRoute } from "@/lib/server/serve-route";
import { callStartRoute } from "@/lib/wire/call-routes";

// Spec 4.5: `{ recipientId?, role? }`; the member confirms in the campus page.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(callStartRoute, {
  POST: async ({ credentials, deps, input }) => ({ command: await sendCommand(credentials, { kind: "start", ...input }, deps) }),
});
