import { issueState } from "@/lib/auth/state";
import { serveRoute } from "@/lib/server/serve-route";
import { authStateRoute } from "@/lib/wire/auth-routes";

// Spec 5.3.3: a first login makes this launch's session here, and its handle goes out as the cookie.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = serveRoute(authStateRoute, {
  POST: async ({ credentials, deps, input, sessionCookie, clientAddress }) => {
    const { state, handle } = await issueState(input, credentials, deps, clientAddress);
    if (handle) sessionCookie.set(handle);
    return { state };
  },
});
