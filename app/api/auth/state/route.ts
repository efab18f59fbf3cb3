import { handleRoute } from "@/lib/api/handle-route";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { stateRequestSchema } from "@/lib/api/schemas";
import { getAuthDeps } from "@/lib/auth/deps";
import { issueState } from "@/lib/auth/state";
import { readSessionCarrier } from "@/lib/session/carrier";
import { setSessionCookie } from "@/lib/session/cookie";

// Spec 5.3.3: a fresh login state for this launch's session.
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  const input = await readBody(request, stateRequestSchema);
  const { state, handle } = await issueState(input, carrier, getAuthDeps());
  const response = jsonNoStore({ state });
  if (handle) setSessionCookie(response, carrier, handle);
  return response;
});
