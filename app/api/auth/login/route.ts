import { handleRoute } from "@/lib/api/handle-route";
import { readBody } from "@/lib/api/read-body";
import { jsonNoStore } from "@/lib/api/respond";
import { loginRequestSchema } from "@/lib/api/schemas";
import { getAuthDeps } from "@/lib/auth/deps";
import { login } from "@/lib/auth/login";
import { readSessionCarrier } from "@/lib/session/carrier";
import { setSessionCookie } from "@/lib/session/cookie";

// Spec 5.3.5: the code and the echoed state in, the member and the session's end out.
export const POST = handleRoute(async (request) => {
  const carrier = readSessionCarrier(request);
  const input = await readBody(request, loginRequestSchema);
  const { body, handle } = await login(input, carrier, getAuthDeps());
  const response = jsonNoStore(body);
  setSessionCookie(response, carrier, handle);
  return response;
});
