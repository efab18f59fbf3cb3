import { readSessionGrant } from "@/lib/calls/grant";
import { serveRoute } from "@/lib/server/serve-route";
import { callGrantRoute } from "@/lib/wire/call-routes";

// Spec 2 "Call grant": the session's grant, or `{ grant: null }` before any attach.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(callGrantRoute, {
  GET: ({ credentials, deps }) => readSessionGrant(credentials, deps),
});
