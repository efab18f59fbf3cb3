import { handleRoute } from "@/lib/http/handle-route";
import { AppError } from "@/lib/errors";

// An unknown API path, whatever the method: 404 in the spec's Error shape. The path is not echoed back.
const noSuchRoute = handleRoute(async () => {
  throw new AppError("NOT_FOUND", "There is no API route at this path");
});

export { noSuchRoute as DELETE, noSuchRoute as GET, noSuchRoute as HEAD, noSuchRoute as OPTIONS, noSuchRoute as PATCH, noSuchRoute as POST, noSuchRoute as PUT };
