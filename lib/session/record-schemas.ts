import "server-only";
import { z } from "zod";
import { memberSchema, scopeSchema } from "@/lib/contract";
import type { PendingState, SessionRecord } from "./records";

/*
 * The session records as a shared store holds them (JSON), checked when read back: another
 * process, or another version of this app during a deploy, may have written them.
 * Typed against records.ts, so a field added there must be added here.
 */

export const pendingStateSchema: z.ZodType<PendingState> = z.object({
  sid: z.string(),
  renewal: z.boolean(),
  launchId: z.string(),
  campusOrigin: z.string(),
  expiresAt: z.number(),
});

export const sessionRecordSchema: z.ZodType<SessionRecord> = z.object({
  sid: z.string(),
  version: z.number().int(),
  launchId: z.string(),
  campusOrigin: z.string(),
  accessToken: z.string().optional(),
  tokenExpiresAt: z.number().optional(),
  scopes: z.array(scopeSchema).optional(),
  member: memberSchema.optional(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  renewedTo: z.string().optional(),
});
