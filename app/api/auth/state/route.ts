import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { stateRequestSchema } from "@/lib/wire/auth-routes";
import { getServerDeps } from "@/lib/server/deps";
import { issueState } from "@/lib/auth/state";
import { readSessionCredentials } from "@/lib/session/session-credentials";
import { setSessionCookie } from "@/lib/session/cookie";

// Spec 5.3.3: a fresh login state for this launch's session. No session needed: rate limited.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    body: stateRequestSchema,
    maxBodyBytes: 4096,
    rateLimit: { byAddress: "stateByAddress", byLaunch: "stateByLaunch" },
    handle: async (request, input) => {
      const credentials = readSessionCredentials(request);
      const { state, handle } = await issueState(input, credentials, getServerDeps());
      const response = jsonNoStore({ state });
      if (handle) setSessionCookie(response, credentials, handle);
      return response;
    },
  },
});
