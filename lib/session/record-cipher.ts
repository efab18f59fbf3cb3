import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { RecordCipher } from "@/lib/store/redis-ttl-store";
import { secretsOf, type SessionSecret } from "./secrets";

/*
 * Records at rest on Redis hold the campus bearer token (a session's accessToken): they are
 * encrypted with AES-256-GCM under a key derived from the session secret (HKDF-SHA256), each with
 * its own random IV, so a dump, a replica or MONITOR shows no token. The record's Redis key is
 * authenticated with it (AAD): a sealed record copied under another key does not open.
 */

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Ties the derived key to this one use: the same secret also seals handles (iron-session), under other keys. */
const KEY_INFO = "campus-hosted-app redis records v1";

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", KEY_INFO, 32));
}

export function createRecordCipher(secret: SessionSecret): RecordCipher {
  const keys = secretsOf(secret).map(deriveKey);
  const current = keys[0]!;
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current, iv).setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [FORMAT, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    open(sealed, context) {
      const [format, iv, body, tag, ...rest] = sealed.split(".");
      if (format !== FORMAT || iv === undefined || body === undefined || tag === undefined || rest.length > 0) return undefined;
      const ivBytes = Buffer.from(iv, "base64url");
      const tagBytes = Buffer.from(tag, "base64url");
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return undefined;
      for (const key of keys) {
        try {
          const decipher = createDecipheriv("aes-256-gcm", key, ivBytes, { authTagLength: TAG_BYTES }).setAAD(Buffer.from(context, "utf8")).setAuthTag(tagBytes);
          return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
        } catch {
          // Not this key (or tampered with): try the next one.
        }
      }
      return undefined;
    },
  };
}
