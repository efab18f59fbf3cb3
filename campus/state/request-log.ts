import { REQUEST_LOG_CAPACITY } from "../policy";

/** One REST call the campus answered (or handled and dropped), as the page's log shows it. */
export type RequestLogEntry = {
  id: number;
  method: string;
  path: string;
  status: number;
  code: string | null;
  username: string | null;
  at: string;
  /** Set when fault injection shaped this answer. */
  fault: string | null;
};

export type RequestLog = ReturnType<typeof createRequestLog>;

export function createRequestLog() {
  const entries: RequestLogEntry[] = [];
  let nextId = 1;
  return {
    appendEntry(entry: Omit<RequestLogEntry, "id">): RequestLogEntry {
      const stored = { ...entry, id: nextId++ };
      entries.push(stored);
      if (entries.length > REQUEST_LOG_CAPACITY) entries.shift();
      return stored;
    },
    /** Newest first. */
    listEntries: (): RequestLogEntry[] => [...entries].reverse(),
  };
}
