import { checkAccess } from "@/lib/auth/check-access";
import { serveRoute } from "@/lib/server/serve-route";
import { meRoute } from "@/lib/wire/auth-routes";

// Spec 4.2: asks the campus again, so a revoked consent or an ended launch shows at once.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(meRoute, {
  GET: ({ credentials, deps }) => checkAccess(credentials, deps),
});
