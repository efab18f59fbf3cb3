import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { sendCommand } from "@/lib/calls/send-command";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 4.7 activityInvite: the session's activity, sent as a grant command; the member selects the invitees in the campus page.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    handle: async (request) => {
      const command = await sendCommand(readSessionCredentials(request), { kind: "activityInvite" }, getServerDeps());
      return jsonNoStore({ command });
    },
  },
});
