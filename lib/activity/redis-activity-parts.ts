import "server-only";
import { z } from "zod";
import { parseStored } from "@/lib/store/redis-ttl-store";
import { entryOfKind, type ActivityKind, type DefinitionOf, type StateOf } from "@/lib/shared/activity-kinds";
import { noteSchema } from "@/lib/shared/notes";

/*
 * Each kind's own Redis keys, declared once: beside the definition and the version every session
 * has, a kind keeps what members add in keys of its own (`<prefix>activity:<hash>:<kind>:<part>`).
 * The store derives everything from this: `create` clears them, `remove` and a capped group's
 * eviction delete them, one MULTI reads them back, and every write script of the kind is handed
 * them all by name and renews the expiry of each (redis-activity-store.ts). A kind added to
 * ACTIVITY_KINDS does not compile until it has its entry here. Until then the store still loads,
 * so the tests of the kind's first steps and of the other kinds run; only the new kind's own use
 * of Redis stops, with an error that names this file.
 */

/** How a part is kept, and so how it reads back: a hash (HGETALL), a list (LRANGE), a flag (a key set or not, EXISTS). */
export type PartType = "hash" | "list" | "flag";
type RawPart = { hash: Record<string, string>; list: string[]; flag: boolean };
type Parts = Record<string, PartType>;

type KindParts<K extends ActivityKind> = {
  /** Part name → how Redis keeps it. Names are Lua identifiers: a write script reads each key by its name. */
  parts: Parts;
  /** The kind's state from its definition, what its parts held (an absent key reads as empty) and the version. */
  state: (definition: DefinitionOf<K>, raw: Record<string, RawPart[PartType]>, version: number) => StateOf<K>;
};

/** One kind's entry, its `state` typed by its own parts. */
function kindParts<K extends ActivityKind, P extends Parts>(
  parts: P,
  state: (definition: DefinitionOf<K>, raw: { [N in keyof P]: RawPart[P[N]] }, version: number) => StateOf<K>,
): KindParts<K> {
  return { parts, state: state as KindParts<K>["state"] };
}

const votesSchema = z.record(z.string(), z.coerce.number().int().nonnegative());

export const ACTIVITY_PARTS: { [K in ActivityKind]: KindParts<K> } = {
  // A hash of votes (HSET userId option), and a flag set when the owner closes the poll.
  poll: kindParts({ votes: "hash", closed: "flag" }, (poll, { votes, closed }, version) => {
    const parsed = votesSchema.safeParse(votes);
    return { ...poll, votes: parsed.success ? parsed.data : {}, closed, version };
  }),
  // A list of notes (RPUSH JSON). A note that does not read back as one is left out, not shown half.
  notes: kindParts({ notes: "list" }, (definition, { notes }, version) => ({
    ...definition,
    notes: notes.flatMap((raw) => parseStored(noteSchema, raw, "note") ?? []),
    version,
  })),
};

/** Whether the kind has its entry: always, once it compiles. */
export const hasParts = (kind: ActivityKind): boolean => Object.hasOwn(ACTIVITY_PARTS, kind);

/** The kind's entry, or an error naming this map while a kind being added has none yet. */
export function kindPartsOf<K extends ActivityKind>(kind: K): KindParts<K> {
  return entryOfKind(ACTIVITY_PARTS, kind, "ACTIVITY_PARTS (lib/activity/redis-activity-parts.ts)");
}

/** The kind's parts, in their declared order: the order of the keys a write script is handed. */
export function partsOf(kind: ActivityKind): [name: string, type: PartType][] {
  return Object.entries(kindPartsOf(kind).parts);
}
