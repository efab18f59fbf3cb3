import { REQUEST_LOG_CAPACITY } from "../core/policy";

/**
 * One REST call the campus answered (or handled and dropped), as the page's log and flow inspector
 * show it. Bodies are redacted before they are stored (http/redact-for-log.ts).
 */
export type RequestLogEntry = {
  id: number;
  method: string;
  path: string;
  status: number;
  code: string | null;
  username: string | null;
  /** Campus time (the clock the control API advances). */
  at: string;
  /** Real time in epoch milliseconds when the call arrived: the page orders it among iframe messages by it. */
  startedAt: number;
  latencyMs: number;
  /** The spec's endpoint name and its section in part 4 ("4.1"), when the path is one the spec defines. */
  endpoint: string | null;
  section: string | null;
  clientId: string | null;
  commandId: string | null;
  /** Redacted JSON bodies; null when there was none or the handler never read it. */
  requestBody: unknown;
  responseBody: unknown;
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
