import { nodeRoute } from "@/lib/http/node-route";
import { heartbeatSessionPresentation } from "@/lib/presentations/operations";
import { declaredRouteHandler } from "@/lib/server/serve-route";
import { presentationHeartbeatRoute } from "@/lib/wire/presentation-routes";

// Spec 4.9 heartbeat: no body; campus errors are forwarded as they are (spec part 7).
// The Pages router serves it: the route every presenting visitor calls every five seconds skips the
// App Router's per-request signal (lib/http/node-route.ts says why).
export const heartbeat = declaredRouteHandler(presentationHeartbeatRoute, {
  POST: ({ credentials, deps }) => heartbeatSessionPresentation(credentials, deps),
});

export default nodeRoute(heartbeat);

// The body reaches the route's rules unread (Next reads this from the file itself).
export const config = { api: { bodyParser: false } };
