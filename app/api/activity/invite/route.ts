import { sendCommand } from "@/lib/calls/send-command";
import { serveRoute } from "@/lib/server/serve-route";
import { activityInviteRoute } from "@/lib/wire/activity-routes";

// Spec 4.7 activityInvite: the session's activity, sent as a grant command; the member selects the invitees in the campus page.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(activityInviteRoute, {
  POST: async ({ credentials, deps }) => ({ command: await sendCommand(credentials, { kind: "activityInvite" }, deps) }),
});
