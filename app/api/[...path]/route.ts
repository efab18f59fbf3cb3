import { AppError } from "@/lib/errors";

// An unknown API path, whatever the method: 404 in the spec's Error shape, with no-store. The path is not echoed back.
const noSuchRoute = async () => new AppError("NOT_FOUND", "There is no API route at this path").toResponse();

export { noSuchRoute as DELETE, noSuchRoute as GET, noSuchRoute as HEAD, noSuchRoute as OPTIONS, noSuchRoute as PATCH, noSuchRoute as POST, noSuchRoute as PUT };
