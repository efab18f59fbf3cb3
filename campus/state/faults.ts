import type { RestEndpoint } from "../core/rest-endpoints";

export type FaultKind = "unavailable" | "rateLimited" | "delay" | "drop";

/** A fault rule: the next `remaining` calls of one REST endpoint get this treatment. */
export type Fault = {
  endpoint: RestEndpoint;
  kind: FaultKind;
  remaining: number;
  retryAfterSeconds: number;
  delayMs: number;
};

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
