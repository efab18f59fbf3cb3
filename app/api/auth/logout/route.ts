import { defineRoute } from "@/lib/http/define-route";
import { jsonNoStore } from "@/lib/http/respond";
import { getServerDeps } from "@/lib/server/deps";
import { logout } from "@/lib/auth/logout";
import { readSessionCarrier } from "@/lib/session/carrier";
import { clearSessionCookie } from "@/lib/session/cookie";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: {
    handle: async (request) => {
      const carrier = readSessionCarrier(request);
      await logout(carrier, getServerDeps());
      const response = jsonNoStore({ ok: true });
      clearSessionCookie(response, carrier.launchId);
      return response;
    },
  },
});
