// The flow inspector's entries, without the DOM: iframe messages (recorded by this page) and REST
// calls (from /host/log, redacted by the campus server), merged in the order they happened.

import type { HostMethod } from "../../lib/contract/iframe-protocol";
import type { ReplyFault } from "../state/faults";
import type { RequestLogEntry } from "../state/request-log";

export const REDACTED = "‹redacted›";

export type MessageDirection = "app-to-host" | "host-to-app";

export type FlowEntry = {
  key: string;
  kind: "message" | "rest";
  at: number;
  seq: number;
  direction: MessageDirection | "backend-to-campus";
  name: string;
  title: string;
  arrow: string;
  status: string;
  isError: boolean;
  /** A REST call's error code. */
  code?: string | null;
  section: string | null;
  latencyMs?: number;
  username?: string | null;
  /** The kind of an injected reply fault, on its entry. */
  fault?: ReplyFault["kind"];
  details: [string, unknown][];
  body: unknown;
};

export type FlowFilter = { kind: "all" | "message" | "rest" | "error"; text: string };

// Iframe messages carry the login state and the authorization code (spec 5.3.3-5.3.4): the page
// holds them to answer, but never writes them into its DOM. `code` inside `error` is an error code.
const MESSAGE_SECRET_KEYS = new Set(["state", "code"]);

function redactValue(value: unknown, parentKey: string | null): unknown {
  if (Array.isArray(value)) return value.map((item) => redactValue(item, parentKey));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      parentKey !== "error" && MESSAGE_SECRET_KEYS.has(key) ? REDACTED : redactValue(field, key),
    ]),
  );
}

/** A copy of an iframe message with its state and code replaced. */
export function redactMessage(message: unknown): unknown {
  return redactValue(message, null);
}

const MESSAGE_SECTIONS: Record<string, string> = { ready: "5.3.2", authenticate: "5.3.4" };

/** A field of a message that may be anything (it comes from the app frame as sent). */
function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
}

/**
 * An iframe message as an entry. `direction` is "app-to-host" (a request) or "host-to-app" (a reply);
 * `method` is the request's method, for a reply too.
 */
export function messageEntry({ direction, message, method, at, seq }: { direction: MessageDirection; message: unknown; method: unknown; at: number; seq: number }): FlowEntry {
  const name = typeof method === "string" ? method : "unknown";
  const error = field(message, "error");
  const errorCode = typeof error === "object" && error !== null ? field(error, "code") : undefined;
  const isError = typeof error === "object" && error !== null;
  const id = field(message, "id");
  const request = direction === "app-to-host";
  return {
    key: `m${seq}`,
    kind: "message",
    at,
    seq,
    direction,
    name,
    title: request ? `${name}` : `${name} reply`,
    arrow: request ? "app → host" : "host → app",
    status: isError ? String(errorCode) : request ? "sent" : "ok",
    isError,
    section: MESSAGE_SECTIONS[name] ?? "6",
    details: [
      ["Message ID", typeof id === "string" ? id : "none"],
      ["Launch", field(field(message, "params"), "launchId") ?? field(field(message, "result"), "launchId") ?? null],
    ],
    body: redactMessage(message),
  };
}

// What each injected reply fault did, in the words the inspector shows (campus/README.md, "Faults").
function describeFault(method: HostMethod, fault: ReplyFault): string {
  switch (fault.kind) {
    case "drop":
      return `${method} reply dropped (injected fault)`;
    case "delay":
      return `${method} reply delayed ${fault.delayMs} ms (injected fault)`;
    case "duplicate":
      return `${method} reply sent twice (injected fault)`;
    case "staleLaunch":
      return `${method} answered with a stale launch (injected fault)`;
    case "reload":
      return `frame reloaded instead of the ${method} reply (injected fault)`;
  }
}

/** An injected fault on the page's reply to `method`, as an entry that says what was done. */
export function faultEntry({ method, fault, at, seq }: { method: HostMethod; fault: ReplyFault; at: number; seq: number }): FlowEntry {
  return {
    key: `m${seq}`,
    kind: "message",
    at,
    seq,
    direction: "host-to-app",
    name: method,
    title: describeFault(method, fault),
    arrow: "host → app",
    status: "injected fault",
    isError: true,
    fault: fault.kind,
    section: MESSAGE_SECTIONS[method] ?? "6",
    details: [
      ["Injected fault", fault.kind],
      ["Delay", fault.kind === "delay" ? `${fault.delayMs} ms` : null],
      ["Stale launch", fault.kind === "staleLaunch" ? fault.launchId : null],
    ],
    body: { fault },
  };
}

/** A REST call from the campus's log (already redacted there) as an entry. */
export function restEntry(entry: RequestLogEntry): FlowEntry {
  const failed = entry.status >= 400 || entry.fault !== null;
  return {
    key: `r${entry.id}`,
    kind: "rest",
    at: entry.startedAt,
    seq: entry.id,
    direction: "backend-to-campus",
    name: entry.endpoint ?? "unknown",
    title: `${entry.method} ${entry.path}`,
    arrow: "app backend → campus",
    status: entry.fault === "drop" ? `${entry.status} dropped` : String(entry.status),
    isError: failed,
    code: entry.code,
    section: entry.section,
    latencyMs: entry.latencyMs,
    username: entry.username,
    details: [
      ["Member", entry.username ? `@${entry.username}` : null],
      ["Error code", entry.code],
      ["Latency", `${entry.latencyMs} ms`],
      ["clientId", entry.clientId],
      ["commandId", entry.commandId],
      ["Injected fault", entry.fault],
      ["Campus time", entry.at],
    ],
    body: { request: entry.requestBody, response: entry.responseBody },
  };
}

/** Oldest first; at the same millisecond, page messages before REST calls, each in its own order. */
export function orderEntries(entries: readonly FlowEntry[]): FlowEntry[] {
  return [...entries].sort((a, b) => a.at - b.at || (a.kind === b.kind ? a.seq - b.seq : a.kind === "message" ? -1 : 1));
}

function searchableText(entry: FlowEntry): string {
  return [entry.title, entry.arrow, entry.status, entry.name, entry.username ? `@${entry.username}` : "", entry.section ?? ""]
    .join(" ")
    .toLowerCase();
}

/** `kind`: "all", "message", "rest" or "error"; `text`: words that must all appear. */
export function matchesFilter(entry: FlowEntry, { kind, text }: FlowFilter): boolean {
  if (kind === "error" ? !entry.isError : kind !== "all" && entry.kind !== kind) return false;
  const haystack = searchableText(entry);
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
