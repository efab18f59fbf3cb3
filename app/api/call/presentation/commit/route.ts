import { commitSessionPresentation } from "@/lib/presentations/operations";
import { serveRoute } from "@/lib/server/serve-route";
import { presentationCommitRoute } from "@/lib/wire/presentation-routes";

// Spec 3 commit: no body; the page retries a 409 while its tiles get ready.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(presentationCommitRoute, {
  POST: ({ credentials, deps }) => commitSessionPresentation(credentials, deps),
});
