import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { logWarning } from "@/lib/log";
import { CAMPUS_UNAVAILABLE } from "./request";

/** A body this app builds must match the contract before it leaves; a mismatch is the app's bug, not the member's. */
export function outgoing<T extends z.ZodType>(schema: T, body: unknown, what = "The command"): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new AppError("BAD_USER_INPUT", `${what} does not match the campus contract`);
  return result.data;
}

/** A response about another resource than the one asked for is off the contract. */
export function sameId<T>(value: T, actual: string, expected: string, endpoint: string): T {
  if (actual === expected) return value;
  logWarning("campus.off-contract", { endpoint, reason: "response for another resource" });
  throw new AppError("INTERNAL_SERVER_ERROR", CAMPUS_UNAVAILABLE);
}

export const bearer = (accessToken: string) => `Bearer ${accessToken}`;

/** An ID as one path segment. */
export const segment = (id: string) => encodeURIComponent(id);
