import { z } from "zod";
import { scopeListSchema } from "./scopes";

// Spec part 2: Member. Unapproved fields are omitted; no additional fields.
export const usernameSchema = z.string().regex(/^[a-z0-9_]{3,30}$/);

export const memberSchema = z.strictObject({
  userId: z.string().min(1),
  scopes: scopeListSchema,
  username: usernameSchema.optional(),
  name: z.string().nullable().optional(),
  countryCode: z.string().nullable().optional(),
  birthdate: z.iso.date().nullable().optional(),
});
export type Member = z.infer<typeof memberSchema>;
