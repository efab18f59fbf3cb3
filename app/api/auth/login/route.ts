import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { loginRequestSchema } from "@/lib/wire/auth-routes";
import { getServerDeps } from "@/lib/server/deps";
import { login } from "@/lib/auth/login";
import { readSessionCredentials } from "@/lib/session/session-credentials";
import { setSessionCookie } from "@/lib/session/cookie";

// Spec 5.3.5: the code and the echoed state in, the member and the session's end out. No session needed: rate limited.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    body: loginRequestSchema,
    maxBodyBytes: 1024,
    rateLimit: { byAddress: "loginByAddress", byLaunch: "loginByLaunch" },
    handle: async (request, input) => {
      const credentials = readSessionCredentials(request);
      const { body, handle } = await login(input, credentials, getServerDeps());
      const response = jsonNoStore(body);
      setSessionCookie(response, credentials, handle);
      return response;
    },
  },
});
