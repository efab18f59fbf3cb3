import { assertCanServe } from "@/lib/server/health";
import { serveRoute } from "@/lib/server/serve-route";
import { healthRoute } from "@/lib/wire/auth-routes";

// 503 when this process cannot serve (the shared store is unreachable), so a balancer takes it out.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(healthRoute, {
  GET: async () => {
    await assertCanServe();
    return { ok: true } as const;
  },
});
