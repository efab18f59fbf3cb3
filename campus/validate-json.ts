import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { CampusError, describeIssues } from "./errors";

/**
 * Validates a JSON body at the edge of a route. A body that is not JSON, has an unknown field or
 * a wrong type is answered 400 with `code` (BAD_USER_INPUT on REST and control, BAD_REQUEST on host).
 */
export function validateJson<T extends z.ZodType>(schema: T, code: "BAD_USER_INPUT" | "BAD_REQUEST") {
  return zValidator("json", schema, (result) => {
    if (!result.success) throw new CampusError(code, 400, `Invalid request body: ${describeIssues(result.error)}`);
  });
}
