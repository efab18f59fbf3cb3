import { z } from "zod";
import { scopeListSchema } from "./scopes";
import { LIMITS } from "./limits";

// Spec part 4.1: the token-exchange body is `{ code }` only, 1 to 128 chars.
export const tokenRequestSchema = z.strictObject({
  code: z.string().min(1).max(LIMITS.codeMaxLength),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

// Spec part 2: Token. All four fields required, no additional fields.
export const tokenSchema = z.strictObject({
  access_token: z.string().min(1),
  token_type: z.literal("Bearer"),
  expires_in: z.literal(LIMITS.tokenLifetimeSeconds),
  scopes: scopeListSchema,
});
export type Token = z.infer<typeof tokenSchema>;
