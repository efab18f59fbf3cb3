import { readCallStatus } from "@/lib/calls/status";
import { serveRoute } from "@/lib/server/serve-route";
import { callStatusRoute } from "@/lib/wire/call-routes";

// Spec 4.3: the campus CallStatus, as it is. Advisory: attach checks again.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(callStatusRoute, {
  GET: ({ credentials, deps }) => readCallStatus(credentials, deps),
});
