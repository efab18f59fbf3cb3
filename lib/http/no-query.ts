import "server-only";
import { AppError } from "@/lib/errors";

/**
 * No API route takes URL parameters: a session key, an activity
 * ID or an entry in a query string is refused, never read (spec 4.13: never authorize from a URL).
 */
export function assertNoQuery(request: Request): void {
  if (new URL(request.url).search !== "") {
    throw new AppError("BAD_USER_INPUT", "This route takes no URL parameters: what it acts on comes from your session");
  }
}
