import { z } from "zod";

// Spec part 2: Scope. `calls:control` requires `calls:read`.
export const SCOPES = ["profile:read", "birthdate:read", "calls:read", "calls:control"] as const;

export const scopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof scopeSchema>;

const isUnique = (items: readonly string[]) => new Set(items).size === items.length;

/** An array of scopes with unique items (spec part 2, Token and Member). */
export const scopeListSchema = z
  .array(scopeSchema)
  .refine(isUnique, { message: "scopes must be unique" });

/** A set of scopes a registration may hold: unique, and `calls:control` only with `calls:read`. */
export const registrationScopesSchema = scopeListSchema.refine(
  (scopes) => !scopes.includes("calls:control") || scopes.includes("calls:read"),
  { message: "calls:control requires calls:read" },
);
