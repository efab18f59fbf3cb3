import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { logout } from "@/lib/auth/logout";
import { readSessionCredentials } from "@/lib/session/session-credentials";
import { clearSessionCookie } from "@/lib/session/cookie";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    handle: async (request) => {
      const credentials = readSessionCredentials(request);
      await logout(credentials, getServerDeps());
      const response = jsonNoStore({ ok: true });
      clearSessionCookie(response, credentials.launchId);
      return response;
    },
  },
});
