import "server-only";
import { getAuthDeps, type AuthDeps } from "@/lib/auth/deps";
import { randomToken } from "@/lib/security/random";
import { newClientId } from "./client-id";

/** What the call functions need, injected so tests can pass a fake campus, fresh stores and no real waits. */
export type CallDeps = AuthDeps & {
  newClientId: () => string;
  /** The session-local name of a command, the only one the page sees. */
  newRef: () => string;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
};

export function getCallDeps(): CallDeps {
  return {
    ...getAuthDeps(),
    newClientId,
    newRef: () => randomToken(9),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
  };
}
