import { z } from "zod";
import type { RestEndpoint } from "../core/rest-endpoints";
import { REST_ENDPOINTS } from "../core/rest-endpoints";

/** A fault rule: the next `remaining` calls of one REST endpoint get this treatment. */
export const faultSchema = z.strictObject({
  endpoint: z.enum(REST_ENDPOINTS),
  kind: z.enum(["unavailable", "rateLimited", "delay", "drop"]),
  remaining: z.number().int().min(1),
  retryAfterSeconds: z.number().int().min(0).max(3600),
  delayMs: z.number().int().min(0).max(60_000),
});
export type Fault = z.infer<typeof faultSchema>;
export type FaultKind = Fault["kind"];

export type FaultStore = ReturnType<typeof createFaultStore>;

export function createFaultStore() {
  // Rules of one endpoint apply in the order they were added.
  let faults: Fault[] = [];
  return {
    addFault: (fault: Fault) => {
      faults.push({ ...fault });
    },
    /** Spends one call of the first rule for this endpoint, if any. */
    takeFault(endpoint: RestEndpoint): Fault | undefined {
      const fault = faults.find((candidate) => candidate.endpoint === endpoint);
      if (!fault) return undefined;
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults = faults.filter((candidate) => candidate !== fault);
      return { ...fault };
    },
    listFaults: (): Fault[] => faults.map((fault) => ({ ...fault })),
    clearFaults: () => {
      faults = [];
    },
  };
}
