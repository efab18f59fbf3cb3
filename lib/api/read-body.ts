import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";

/** Parses a JSON request body with its schema; anything else is a 400 in the spec's Error shape. */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let payload: unknown;
  try {
    payload = await request.json();
  } catch {
    throw new AppError("BAD_USER_INPUT", "The request body must be JSON");
  }
  const result = schema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new AppError("BAD_USER_INPUT", `Invalid request: ${where}${issue?.message ?? "unexpected body"}`);
  }
  return result.data;
}
