import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { checkAccess } from "@/lib/auth/check-access";
import { getServerDeps } from "@/lib/server/deps";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 4.2: asks the campus again, so a revoked consent or an ended launch shows at once.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: { handle: async (request) => jsonNoStore(await checkAccess(readSessionCredentials(request), getServerDeps())) },
});
