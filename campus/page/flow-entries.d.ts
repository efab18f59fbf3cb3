import type { RequestLogEntry } from "../state/request-log";

export const REDACTED: string;

export type FlowEntry = {
  key: string;
  kind: "message" | "rest";
  at: number;
  seq: number;
  direction: "app-to-host" | "host-to-app" | "backend-to-campus";
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
  fault?: string;
  details: [string, unknown][];
  body: unknown;
};

export function redactMessage(message: unknown): unknown;
export function messageEntry(input: {
  direction: "app-to-host" | "host-to-app";
  message: unknown;
  method: unknown;
  at: number;
  seq: number;
}): FlowEntry;
export function faultEntry(input: {
  method: "ready" | "authenticate";
  fault: { kind: string; delayMs?: number; launchId?: string };
  at: number;
  seq: number;
}): FlowEntry;
export function restEntry(entry: RequestLogEntry): FlowEntry;
export function orderEntries(entries: readonly FlowEntry[]): FlowEntry[];
export function matchesFilter(entry: FlowEntry, filter: { kind: "all" | "message" | "rest" | "error"; text: string }): boolean;
