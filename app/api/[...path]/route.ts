import { handleRoute } from "@/lib/api/handle-route";
import { AppError } from "@/lib/errors";

// An unknown API path still answers in the spec's Error shape with private, no-store.
const noSuchRoute = handleRoute(async (request) => {
  throw new AppError("BAD_USER_INPUT", `There is no API route at ${request.nextUrl.pathname}`);
});

export { noSuchRoute as DELETE, noSuchRoute as GET, noSuchRoute as PATCH, noSuchRoute as POST, noSuchRoute as PUT };
