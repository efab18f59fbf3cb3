import { ACTIVITY_KINDS, type ActivityKind } from "@/lib/shared/activity-kinds";
import type { KindDescriptor } from "./kind-descriptor";
import { notes } from "./notes";
import { poll } from "./poll";

/**
 * Each kind's descriptor, one file per kind beside this one. A kind added to ACTIVITY_KINDS does
 * not compile here until it has one; a kind removed from it does not compile until its entry goes.
 */
export const KINDS: { [K in ActivityKind]: KindDescriptor<K> } = { poll, notes };

/** Every kind the app offers, in the order of ACTIVITY_KINDS. */
export const EVERY_KIND: readonly KindDescriptor[] = ACTIVITY_KINDS.map((kind) => KINDS[kind]);
