import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { enterActivity } from "@/lib/activity/enter-activity";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 4.13: joins through the verified entry of this launch, or renews its lease. A POST: it changes what the session holds.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: { handle: async (request) => jsonNoStore(await enterActivity(readSessionCredentials(request), getServerDeps())) },
});
