import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { heartbeatSessionPresentation } from "@/lib/presentations/operations";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 4.9 heartbeat: no body; campus errors are forwarded as they are (spec part 7).
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: { handle: async (request) => jsonNoStore(await heartbeatSessionPresentation(readSessionCarrier(request), getServerDeps())) },
});
