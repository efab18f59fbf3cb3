import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { commitSessionPresentation } from "@/lib/presentations/operations";
import { readSessionCredentials } from "@/lib/session/session-credentials";

// Spec 3 commit: no body; the page retries a 409 while its tiles get ready.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: { handle: async (request) => jsonNoStore(await commitSessionPresentation(readSessionCredentials(request), getServerDeps())) },
});
