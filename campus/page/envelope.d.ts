import type { HostError, HostReply, HostRequest } from "../../lib/contract";

export type ParsedMessage =
  | { kind: "ignored" }
  | { kind: "invalid"; id: string; message: string }
  | { kind: "request"; request: HostRequest };

export type Envelope = {
  parseRequest(data: unknown): ParsedMessage;
  reply(id: string, result: Record<string, unknown>): HostReply;
  replyError(id: string, code: HostError["code"], message: string): HostReply;
};

export function createEnvelope(constants: { protocol: string; version: number }): Envelope;
