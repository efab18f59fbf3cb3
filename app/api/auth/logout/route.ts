import { logout } from "@/lib/auth/logout";
import { serveRoute } from "@/lib/server/serve-route";
import { authLogoutRoute } from "@/lib/wire/auth-routes";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(authLogoutRoute, {
  POST: async ({ credentials, deps, sessionCookie }) => {
    await logout(credentials, deps);
    sessionCookie.clear();
    return { ok: true } as const;
  },
});
