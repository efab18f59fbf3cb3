import { startPresentation } from "@/lib/presentations/start-presentation";
import { serveRoute } from "@/lib/server/serve-route";
import { presentationRoute } from "@/lib/wire/presentation-routes";

// Spec 3 prepare, 4.9-4.10: `{ mode, participationIds }`; the grant and the presentation stay on the backend.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(presentationRoute, {
  POST: ({ credentials, deps, input }) => startPresentation(credentials, input, deps),
});
