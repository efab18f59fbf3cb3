import "server-only";
import { createMemoryCallStateStore, type CallStateStore } from "@/lib/calls/call-state-store";
import type { PendingState, SessionRecord } from "./records";
import { createMemoryStore, type Store } from "./store";

export type SessionStores = {
  sessions: Store<SessionRecord>;
  pendingStates: Store<PendingState>;
  /** The session's grant and commands, keyed by its sid; ending the session clears them. */
  callState: CallStateStore;
};

// Kept on globalThis so that every route bundle, and a module reload in development, share one store.
const holder = globalThis as typeof globalThis & { __visitorSessionStores?: SessionStores };

export function getSessionStores(): SessionStores {
  holder.__visitorSessionStores ??= {
    sessions: createMemoryStore<SessionRecord>(),
    pendingStates: createMemoryStore<PendingState>(),
    callState: createMemoryCallStateStore(),
  };
  return holder.__visitorSessionStores;
}
