import { sendCommand } from "@/lib/calls/send-command";
import { serveRoute } from "@/lib/server/serve-route";
import { callAcceptRoute } from "@/lib/wire/call-routes";

// Spec 4.6: no input; the member confirms the incoming invitation in the campus page.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(callAcceptRoute, {
  POST: async ({ credentials, deps }) => ({ command: await sendCommand(credentials, { kind: "accept" }, deps) }),
});
