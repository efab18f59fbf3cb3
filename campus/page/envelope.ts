// The host side of the iframe envelope (spec part 6; docs/assumptions.md, "Iframe message
// envelope"). Every rule comes from the contract's own zod schemas, the ones the app parses with:
// this file only decides which of them a message broke, so that the BAD_REQUEST says why.

import { z } from "zod";
import {
  authenticateResultSchema,
  hostReplySchema,
  hostRequestSchema,
  readyRequestSchema,
  readyResultSchema,
  type AuthenticateResult,
  type HostError,
  type HostReply,
  type HostRequest,
  type ReadyResult,
} from "../../lib/contract/iframe-protocol";

/** What makes a message ours and answerable: the protocol and an id to echo. */
const answerableSchema = z.object({ protocol: readyRequestSchema.shape.protocol, id: readyRequestSchema.shape.id });
const ENVELOPE_KEYS = Object.keys(readyRequestSchema.shape);
const resultSchema = z.union([readyResultSchema, authenticateResultSchema]);
const METHODS = new Map<unknown, (typeof hostRequestSchema.options)[number]>(hostRequestSchema.options.map((option) => [option.shape.method.value, option]));

export type ParsedMessage =
  | { kind: "ignored" }
  | { kind: "invalid"; id: string; message: string }
  | { kind: "request"; request: HostRequest };

// A structured clone of anything but a plain object (a Date, a Map, a Blob) is neither an envelope
// nor its params, though zod's object check would take one with no keys of its own.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function hasExactKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** Why an answerable message is not a valid request, in the order a reader would check it. */
function explainInvalid(data: Record<string, unknown>): string {
  if (!hasExactKeys(data, ENVELOPE_KEYS)) return "A request holds exactly protocol, version, id, method and params";
  const { version } = readyRequestSchema.shape;
  if (!version.safeParse(data.version).success) return `Unsupported protocol version; this campus speaks version ${version.value}`;
  const option = METHODS.get(data.method);
  if (option === readyRequestSchema) return "ready takes empty params";
  if (option) return "authenticate takes params { launchId, state }";
  return "Unknown method; use ready or authenticate";
}

/**
 * Classifies a message: "ignored" (not ours, or no readable id to answer), "invalid" (ours but
 * malformed: answer BAD_REQUEST with its id) or "request" (a valid ready or authenticate).
 */
export function parseRequest(data: unknown): ParsedMessage {
  if (!isPlainObject(data)) return { kind: "ignored" };
  const answerable = answerableSchema.safeParse(data);
  if (!answerable.success) return { kind: "ignored" };
  const parsed = hostRequestSchema.safeParse(data);
  if (parsed.success && isPlainObject(data.params)) return { kind: "request", request: parsed.data };
  return { kind: "invalid", id: answerable.data.id, message: explainInvalid(data) };
}

/** A result reply, checked against the contract's reply and result shapes before it goes to the frame. */
export function reply(id: string, result: ReadyResult | AuthenticateResult): HostReply {
  const { protocol, version } = readyRequestSchema.shape;
  return hostReplySchema.parse({ protocol: protocol.value, version: version.value, id, result: resultSchema.parse(result) });
}

export function replyError(id: string, code: HostError["code"], message: string): HostReply {
  const { protocol, version } = readyRequestSchema.shape;
  return hostReplySchema.parse({ protocol: protocol.value, version: version.value, id, error: { code, message } });
}
