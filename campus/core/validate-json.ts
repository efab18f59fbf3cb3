import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { CampusError, describeIssues } from "./errors";
import { isJsonContentType } from "./json-content-type";

const isRestPath = (path: string) => path.startsWith("/v1/");

/**
 * Validates a JSON body at the edge of a route. A body that is not JSON, has an unknown field or
 * a wrong type is answered 400 with `code` (BAD_USER_INPUT on REST and control, BAD_REQUEST on host).
 * policy.ts: a body of another content type is 400 on the REST API (part 7) and 415 elsewhere.
 */
export function validateJson<T extends z.ZodType>(schema: T, code: "BAD_USER_INPUT" | "BAD_REQUEST") {
  const validator = zValidator("json", schema, (result) => {
    if (!result.success) throw new CampusError(code, 400, `Invalid request body: ${describeIssues(result.error)}`);
  });
  const requireJson: typeof validator = async (c, next) => {
    if (!isJsonContentType(c.req.header("Content-Type"))) {
      throw new CampusError(code, isRestPath(c.req.path) ? 400 : 415, "The request body must be application/json");
    }
    return validator(c, next);
  };
  return requireJson;
}
