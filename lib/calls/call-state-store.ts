import "server-only";
import { z } from "zod";
import { callOperationSchema, commandSchema, commandStatusSchema, presentationModeSchema } from "@/lib/contract";
import type { SessionBoundStore } from "@/lib/session/session-bound";
import { createMemoryStore } from "@/lib/store/ttl-store";
import { createExpiringMap } from "@/lib/store/expiring-map";
import { sessionCommandKindSchema } from "@/lib/wire/call-routes";

/*
 * The session's call state, keyed by the session's boundSid (its `sid` parameters; it outlives
 * renewals, lib/session/records.ts): the grant it attached, the commands it sent
 * and the presentation it prepared. The browser never names a grant, a command or a
 * presentation; the backend finds them here (spec 4, "Command request rules"). Each record is a
 * schema with its type inferred; a shared store checks what it reads back against it.
 */

/** The grant of the session's last attach (spec 2, "Call grant"), and the member who attached it. */
export const grantBindingSchema = z.object({ grantId: z.string(), userId: z.string(), attachedAt: z.number() });
export type GrantBinding = z.infer<typeof grantBindingSchema>;

/** What the member asked for: the CallOperation the campus received, without its clientId. */
export const commandPayloadSchema = callOperationSchema.pick({ action: true, targetId: true, recipientId: true, role: true, muted: true }).partial();
export type CommandPayload = z.infer<typeof commandPayloadSchema>;

export const commandRecordSchema = z.object({
  /** Session-local name of the command, the only one the browser sees. */
  ref: z.string(),
  /** The member who sent it. */
  userId: z.string(),
  /** Sent with every retry of this command, never reused for another (spec 4). */
  clientId: z.string(),
  /** Start and accept need no grant; the other kinds go to the session's grant. */
  kind: sessionCommandKindSchema,
  payload: commandPayloadSchema,
  commandId: z.string(),
  /** The last status read from the campus. */
  status: commandStatusSchema,
  result: commandSchema.shape.result,
  /** Epoch milliseconds. */
  createdAt: z.number(),
});
export type CommandRecord = z.infer<typeof commandRecordSchema>;

/**
 * The session's current presentation (spec 3 "Presentation status"), prepared by this member for
 * the session's grant. Its tile URLs are never kept: they are one-use and go to the page once (spec 4.10).
 */
export const presentationBindingSchema = z.object({
  presentationId: z.string(),
  userId: z.string(),
  grantId: z.string(),
  mode: presentationModeSchema,
  /** The selected tiles, in the order they were asked for. */
  participationIds: z.array(z.string()),
  /** Epoch milliseconds. */
  preparedAt: z.number(),
});
export type PresentationBinding = z.infer<typeof presentationBindingSchema>;

/**
 * One key for the grant and one field per command, so that concurrent requests of one session
 * never read-modify-write a shared list: a shared store maps this onto Redis as
 * `SET call:grant:{sid}` and `HSET call:commands:{sid} {ref}` (each write atomic on its own),
 * `HGETALL` to list and `DEL` to clear; the presentation is `call:presentation:{sid}` (`GETDEL` to
 * take it, a compare-and-delete script to drop it); the unsettled command is `call:unsettled:{sid}`
 * (`SET PX`, a compare-and-delete script to settle it).
 */
export interface CallStateStore extends SessionBoundStore {
  getGrant(sid: string): Promise<GrantBinding | undefined>;
  setGrant(sid: string, binding: GrantBinding): Promise<void>;
  listCommands(sid: string): Promise<CommandRecord[]>;
  putCommand(sid: string, record: CommandRecord): Promise<void>;
  deleteCommand(sid: string, ref: string): Promise<void>;
  getPresentation(sid: string): Promise<PresentationBinding | undefined>;
  setPresentation(sid: string, binding: PresentationBinding): Promise<void>;
  /** Removes the presentation and returns it, in one step, so that only one request releases it. */
  takePresentation(sid: string): Promise<PresentationBinding | undefined>;
  /** Removes the presentation only while it is still this one: a newer one prepared meanwhile stays. */
  dropPresentation(sid: string, presentationId: string): Promise<void>;
  /**
   * The clientId of the session's last command if it is not yet settled (sent, but every retry
   * failed in transit, so the campus may hold it) and `payloadKey` names that same command. Kept
   * for UNSETTLED_CLIENT_ID_TTL_SECONDS, so the member's next click on the same command sends the
   * same clientId (spec 4.7).
   */
  getUnsettledClientId(sid: string, payloadKey: string): Promise<string | undefined>;
  /**
   * Holds the clientId of the command being sent. A session holds one: any other command sent
   * since ends the hold, so a repeat of a command after another one (mute, unmute, mute) is a new
   * command, never the campus's answer to the first.
   */
  holdUnsettledClientId(sid: string, payloadKey: string, clientId: string): Promise<void>;
  /** The campus answered: the clientId is settled, a new click is a new command. A newer hold stays. */
  settleClientId(sid: string, clientId: string): Promise<void>;
  /** Drops the grant, every command, the presentation and the unsettled command: stale bindings after access loss (spec part 7). */
  clear(sid: string): Promise<void>;
}

/** The session's last command while the campus has not answered it (spec 4.7). */
export const unsettledCommandSchema = z.object({ payloadKey: z.string(), clientId: z.string() });
export type UnsettledCommand = z.infer<typeof unsettledCommandSchema>;

/** Spec 4.7: how long a clientId whose command may have reached the campus is reused for the same command. */
export const UNSETTLED_CLIENT_ID_TTL_SECONDS = 60;

/**
 * A session renews its login every 15 minutes and keeps its boundSid, and a live call outlives many
 * renewals (spec part 3), so call state lives longer than one token. Ending the session clears it.
 */
export const CALL_STATE_TTL_SECONDS = 6 * 60 * 60;

/** One process only, like the session store; values are copied in and out. Laid out as on Redis: one expiring map per hash. */
export function createMemoryCallStateStore(options: { now?: () => number } = {}): CallStateStore {
  const now = options.now ?? Date.now;
  const grants = createMemoryStore<GrantBinding>({ now });
  const presentations = createMemoryStore<PresentationBinding>({ now });
  // Per sid, its commands by ref: the hash lives as long as its newest command.
  const commands = createExpiringMap<Map<string, CommandRecord>>({ now });
  const unsettled = createMemoryStore<UnsettledCommand>({ now });
  const ms = (seconds: number) => seconds * 1000;

  return {
    getGrant: (sid) => grants.get(sid),
    setGrant: (sid, binding) => grants.set(sid, binding, CALL_STATE_TTL_SECONDS),
    async listCommands(sid) {
      return [...(commands.get(sid)?.values() ?? [])].map((record) => structuredClone(record));
    },
    async putCommand(sid, record) {
      const fields = commands.get(sid) ?? new Map<string, CommandRecord>();
      fields.set(record.ref, structuredClone(record));
      commands.set(sid, fields, ms(CALL_STATE_TTL_SECONDS));
    },
    async deleteCommand(sid, ref) {
      commands.get(sid)?.delete(ref);
    },
    getPresentation: (sid) => presentations.get(sid),
    setPresentation: (sid, binding) => presentations.set(sid, binding, CALL_STATE_TTL_SECONDS),
    takePresentation: (sid) => presentations.delete(sid),
    async dropPresentation(sid, presentationId) {
      await presentations.deleteIf(sid, (binding) => binding.presentationId === presentationId);
    },
    async getUnsettledClientId(sid, payloadKey) {
      const held = await unsettled.get(sid);
      return held?.payloadKey === payloadKey ? held.clientId : undefined;
    },
    holdUnsettledClientId: (sid, payloadKey, clientId) => unsettled.set(sid, { payloadKey, clientId }, UNSETTLED_CLIENT_ID_TTL_SECONDS),
    async settleClientId(sid, clientId) {
      await unsettled.deleteIf(sid, (held) => held.clientId === clientId);
    },
    async clear(sid) {
      await grants.delete(sid);
      commands.delete(sid);
      await presentations.delete(sid);
      await unsettled.delete(sid);
    },
  };
}
