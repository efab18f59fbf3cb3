import { login } from "@/lib/auth/login";
import { serveRoute } from "@/lib/server/serve-route";
import { authLoginRoute } from "@/lib/wire/auth-routes";

// Spec 5.3.5: the session's handle goes out as this launch's cookie (and in the body, cookieless).
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(authLoginRoute, {
  POST: async ({ credentials, deps, input, sessionCookie }) => {
    const { body, handle } = await login(input, credentials, deps);
    sessionCookie.set(handle);
    return body;
  },
});
