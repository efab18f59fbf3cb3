import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { attachSessionToCall } from "@/lib/calls/attach";
import { readSessionCarrier } from "@/lib/session/carrier";

// Spec 4.4: no body; the session keeps the grant ID, the page gets `{ status }`.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: { handle: async (request) => jsonNoStore(await attachSessionToCall(readSessionCarrier(request), getServerDeps())) },
});
