import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { readCallStatus } from "@/lib/calls/status";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 4.3: the campus CallStatus, as it is. Advisory: attach checks again.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: { handle: async (request) => jsonNoStore(await readCallStatus(readSessionCredentials(request), getServerDeps())) },
});
