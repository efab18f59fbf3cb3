import type { RestFaultKind } from "../state/faults";

/** Per-request values shared between REST middleware and handlers. */
export type CampusEnv = {
  Variables: {
    /** Username of the member a REST call concerned, once known, for the request log. */
    memberUsername: string | undefined;
    /** The injected fault that shaped this answer, for the request log. */
    faultKind: RestFaultKind | undefined;
  };
};
