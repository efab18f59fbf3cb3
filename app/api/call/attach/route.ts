import { attachSessionToCall } from "@/lib/calls/attach";
import { serveRoute } from "@/lib/server/serve-route";
import { callAttachRoute } from "@/lib/wire/call-routes";

// Spec 4.4: no body; the session keeps the grant ID, the page gets `{ status }`.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(callAttachRoute, {
  POST: ({ credentials, deps }) => attachSessionToCall(credentials, deps),
});
