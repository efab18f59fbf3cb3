import "server-only";

/**
 * SESSION_SECRET, or during a rotation the list of secrets, current first: the current one seals
 * handles and encrypts records; every one of them still opens what it sealed (SESSION_SECRET_PREVIOUS).
 */
export type SessionSecret = string | readonly [current: string, ...previous: string[]];

/** The secrets, current first. */
export function secretsOf(secret: SessionSecret): readonly [string, ...string[]] {
  return typeof secret === "string" ? [secret] : secret;
}
