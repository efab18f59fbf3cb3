import { releaseSessionPresentation } from "@/lib/presentations/operations";
import { serveRoute } from "@/lib/server/serve-route";
import { presentationReleaseRoute } from "@/lib/wire/presentation-routes";

// Spec 3 release: no body; `{ presentation }`, null when the session had none.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(presentationReleaseRoute, {
  POST: ({ credentials, deps }) => releaseSessionPresentation(credentials, deps),
});
