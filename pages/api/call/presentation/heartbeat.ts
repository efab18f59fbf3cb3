import { routeHandler } from "@/lib/http/define-route";
import { nodeRoute } from "@/lib/http/node-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { heartbeatSessionPresentation } from "@/lib/presentations/operations";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 4.9 heartbeat: no body; campus errors are forwarded as they are (spec part 7).
// The Pages router serves it: the route every presenting visitor calls every five seconds skips the
// App Router's per-request signal (lib/http/node-route.ts says why).
export const heartbeat = routeHandler({
  POST: { handle: async (request) => jsonNoStore(await heartbeatSessionPresentation(readSessionCredentials(request), getServerDeps())) },
});

export default nodeRoute(heartbeat);

// The body reaches the route's rules unread (Next reads this from the file itself).
export const config = { api: { bodyParser: false } };
