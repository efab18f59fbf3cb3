import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { assertCanServe } from "@/lib/server/health";

// The one API route without X-Campus-Launch: probes and test runners wait on it. 503 when this
// process cannot serve (the shared store is unreachable), so a balancer takes it out.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: {
    handle: async () => {
      await assertCanServe();
      return jsonNoStore({ ok: true });
    },
  },
});
