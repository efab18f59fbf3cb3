import "server-only";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import { sha256Hex } from "@/lib/security/random";
import type { SessionHandle } from "./records";

/** The handle, its cookie and the spec's token all live 900 s (spec part 3: token lifetime). */
export const SESSION_HANDLE_TTL_SECONDS = 900;

const handleSchema = z.object({ sid: z.string().min(1), launchId: z.string().min(1).max(128) });

export function sealHandle(handle: SessionHandle, secret: string): Promise<string> {
  return sealData(handle, { password: secret, ttl: SESSION_HANDLE_TTL_SECONDS });
}

/** The handle inside a seal, or undefined when it is expired, tampered with or not a seal. */
export async function unsealHandle(seal: string, secret: string): Promise<SessionHandle | undefined> {
  const data = await unsealData<unknown>(seal, { password: secret, ttl: SESSION_HANDLE_TTL_SECONDS });
  const result = handleSchema.safeParse(data);
  return result.success ? result.data : undefined;
}

/** One cookie per launch, so two campus tabs with two launches never overwrite each other. */
export function sessionCookieName(launchId: string): string {
  return `app_session_${sha256Hex(launchId).slice(0, 16)}`;
}
