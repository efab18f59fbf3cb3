import { z } from "zod";
import type { HostMethod } from "../../lib/contract";
import type { RestEndpoint } from "../core/rest-endpoints";
import { REST_ENDPOINTS } from "../core/rest-endpoints";

const remaining = z.number().int().min(1);
const delayMs = z.number().int().min(0).max(60_000);

/** A REST fault rule: the next `remaining` calls of one REST endpoint get this treatment. */
export const restFaultSchema = z.strictObject({
  endpoint: z.enum(REST_ENDPOINTS),
  kind: z.enum(["unavailable", "rateLimited", "delay", "drop"]),
  remaining,
  retryAfterSeconds: z.number().int().min(0).max(3600),
  delayMs,
});

/*
 * A reply fault rule: the campus page's next `remaining` replies to one iframe message (spec 6)
 * get this treatment. Every message counts, a re-sent one too. `staleLaunch` answers `ready` with
 * a launch that is not the frame's; `reload` reloads the frame instead of answering `authenticate`.
 */
export const readyFaultSchema = z.strictObject({
  endpoint: z.literal("ready"),
  kind: z.enum(["drop", "delay", "duplicate", "staleLaunch"]),
  remaining,
  delayMs,
});
export const authenticateFaultSchema = z.strictObject({
  endpoint: z.literal("authenticate"),
  kind: z.enum(["drop", "delay", "duplicate", "reload"]),
  remaining,
  delayMs,
});

export const faultSchema = z.discriminatedUnion("endpoint", [restFaultSchema, readyFaultSchema, authenticateFaultSchema]);
export type Fault = z.infer<typeof faultSchema>;
export type RestFault = z.infer<typeof restFaultSchema>;
export type MessageFault = z.infer<typeof readyFaultSchema> | z.infer<typeof authenticateFaultSchema>;
export type RestFaultKind = RestFault["kind"];

/** What the page does with its reply to one message (POST /host/reply-faults/take); the campus decides. */
export type ReplyFault =
  | { kind: "drop" | "duplicate" | "reload" }
  | { kind: "delay"; delayMs: number }
  | { kind: "staleLaunch"; launchId: string };

export type FaultStore = ReturnType<typeof createFaultStore>;

export function createFaultStore() {
  // Rules of one endpoint or message apply in the order they were added.
  let faults: Fault[] = [];

  /** Spends one use of the first rule that matches, if any. */
  function takeFirst<F extends Fault>(matches: (fault: Fault) => fault is F): F | undefined {
    const fault = faults.find(matches);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults = faults.filter((candidate) => candidate !== fault);
    return { ...fault };
  }

  return {
    addFault: (fault: Fault) => {
      faults.push({ ...fault });
    },
    /** Spends one call of the first rule for this REST endpoint, if any. */
    takeFault: (endpoint: RestEndpoint) => takeFirst((fault): fault is RestFault => fault.endpoint === endpoint),
    /** Spends one reply of the first rule for this iframe message, if any. */
    takeMessageFault: (method: HostMethod) => takeFirst((fault): fault is MessageFault => fault.endpoint === method),
    listFaults: (): Fault[] => faults.map((fault) => ({ ...fault })),
    clearFaults: () => {
      faults = [];
    },
  };
}
