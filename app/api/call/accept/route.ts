import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { sendCommand } from "@/lib/calls/send-command";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 4.6: no input; the member confirms the incoming invitation in the campus page.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    handle: async (request) => {
      const command = await sendCommand(readSessionCredentials(request), { kind: "accept" }, getServerDeps());
      return jsonNoStore({ command });
    },
  },
});
