import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";

// The one API route without X-Campus-Launch: probes and test runners wait on it.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: { handle: async () => jsonNoStore({ ok: true }) },
});
