import { z } from "zod";
import { FAULT_DEFAULTS } from "../core/policy";
import { authenticateFaultSchema, readyFaultSchema, restFaultSchema } from "../state/faults";

export const advanceClockSchema = z.strictObject({ seconds: z.number().nonnegative().max(365 * 24 * 3600) });

// Spec 2 Member: username 3 to 30 of a-z, 0-9 and _. policy.ts: `sim_` plus digits is the simulator's.
export const newMemberSchema = z.strictObject({
  username: z
    .string()
    .regex(/^[a-z0-9_]{3,30}$/, "3 to 30 lowercase letters, digits or underscores")
    .refine((username) => !/^sim_\d+$/.test(username), "sim_ and digits is kept for simulated members"),
  name: z.string().trim().min(1).max(100).nullable().default(null),
});

export const revokeConsentSchema = z.strictObject({ username: z.string().min(1).optional() });

/** The live tokens of one member, or of everyone. */
export const credentialsRequestSchema = z.strictObject({ username: z.string().min(1).optional() });

const count = z.number().int().min(1).max(1000).default(FAULT_DEFAULTS.count);
const delayMs = restFaultSchema.shape.delayMs.default(FAULT_DEFAULTS.delayMs);

/**
 * A fault rule as the control API takes it: `count` calls of a REST endpoint, or `count` replies to
 * an iframe message (`ready`, `authenticate`), the rule's defaults from policy.ts. A kind that does
 * not fit the endpoint or message is refused, naming `kind`.
 */
export const addFaultSchema = z.discriminatedUnion("endpoint", [
  restFaultSchema.omit({ remaining: true }).extend({
    count,
    retryAfterSeconds: restFaultSchema.shape.retryAfterSeconds.default(FAULT_DEFAULTS.retryAfterSeconds),
    delayMs,
  }),
  readyFaultSchema.omit({ remaining: true }).extend({ count, delayMs }),
  authenticateFaultSchema.omit({ remaining: true }).extend({ count, delayMs }),
]);
