import "server-only";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import { sha256Hex } from "@/lib/security/random";
import type { SessionHandle } from "./records";
import { createUnsealedHandles, sealExpiry } from "./unsealed-handles";

/** The handle, its cookie and the spec's token all live 900 s (spec part 3: token lifetime). */
export const SESSION_HANDLE_TTL_SECONDS = 900;

const handleSchema = z.object({ sid: z.string().min(1), launchId: z.string().min(1).max(128) });

/** Enough for every visitor one process serves at once (the bench's load run holds a thousand). */
const UNSEALED_HANDLES_MAX = 10_000;
const unsealedHandles = createUnsealedHandles({ maxEntries: UNSEALED_HANDLES_MAX });

export function sealHandle(handle: SessionHandle, secret: string): Promise<string> {
  return sealData(handle, { password: secret, ttl: SESSION_HANDLE_TTL_SECONDS });
}

/** The handle inside a seal, or undefined when it is expired, tampered with or not a seal. */
export async function unsealHandle(seal: string, secret: string): Promise<SessionHandle | undefined> {
  const known = unsealedHandles.get(seal, secret);
  if (known) return known;
  const data = await unsealData<unknown>(seal, { password: secret, ttl: SESSION_HANDLE_TTL_SECONDS });
  const result = handleSchema.safeParse(data);
  if (!result.success) return undefined;
  const expiresAt = sealExpiry(seal);
  if (expiresAt !== undefined) unsealedHandles.remember(seal, secret, result.data, expiresAt);
  return result.data;
}

/** One cookie per launch, so two campus tabs with two launches never overwrite each other. */
export function sessionCookieName(launchId: string): string {
  return `app_session_${sha256Hex(launchId).slice(0, 16)}`;
}
