import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes (256 bits) as base64url: session IDs and login states. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}
