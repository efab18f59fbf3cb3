import { describe, expect, it } from "vitest";
import { hostReplySchema, hostRequestSchema, IFRAME_PROTOCOL, IFRAME_PROTOCOL_VERSION } from "../../lib/contract";
import * as envelope from "./envelope";

const base = { protocol: IFRAME_PROTOCOL, version: IFRAME_PROTOCOL_VERSION, id: "req-1" };

const VALID = [
  { ...base, method: "ready", params: {} },
  { ...base, method: "authenticate", params: { launchId: "lch_abc", state: "s" } },
  { ...base, id: "x".repeat(64), method: "authenticate", params: { launchId: "l".repeat(128), state: "s".repeat(256) } },
];

// Malformed, but ours and with a readable id: the host answers BAD_REQUEST.
const INVALID = [
  { ...base, method: "ready", params: { extra: 1 } },
  { ...base, method: "ready", params: [] },
  { ...base, method: "ready" },
  { ...base, method: "ready", params: {}, extra: true },
  { ...base, version: 1, method: "authenticate", params: { launchId: "l", state: "s" } },
  { ...base, method: "authenticate", params: { launchId: "l" } },
  { ...base, method: "authenticate", params: { launchId: "l", state: "s", scopes: [] } },
  { ...base, method: "authenticate", params: { launchId: "", state: "s" } },
  { ...base, method: "authenticate", params: { launchId: "l".repeat(129), state: "s" } },
  { ...base, method: "authenticate", params: { launchId: "l", state: "s".repeat(257) } },
  { ...base, method: "authenticate", params: { launchId: 7, state: "s" } },
  { ...base, method: "logout", params: {} },
];

// Not ours, or no id to answer: ignored.
const IGNORED = [null, "ready", 42, [], { ...base, protocol: "other" }, { ...base, id: "" }, { ...base, id: "x".repeat(65) }, { method: "ready", params: {} }];

describe("the page's envelope parser agrees with lib/contract/iframe-protocol.ts", () => {
  it.each(VALID)("accepts what the contract accepts: %j", (message) => {
    expect(hostRequestSchema.safeParse(message).success).toBe(true);
    expect(envelope.parseRequest(message)).toEqual({ kind: "request", request: message });
  });

  it.each(INVALID)("answers BAD_REQUEST to what the contract rejects: %j", (message) => {
    expect(hostRequestSchema.safeParse(message).success).toBe(false);
    expect(envelope.parseRequest(message)).toMatchObject({ kind: "invalid", id: "req-1" });
  });

  it.each(IGNORED)("ignores a message without the protocol or a readable id: %j", (message) => {
    expect(hostRequestSchema.safeParse(message).success).toBe(false);
    expect(envelope.parseRequest(message)).toEqual({ kind: "ignored" });
  });
});

describe("what a structured clone may hold beside plain objects is no envelope", () => {
  it("ignores a Map or a Date, and answers BAD_REQUEST to params that are a Date (zod's object check would take one)", () => {
    expect(envelope.parseRequest(new Map(Object.entries({ ...base, method: "ready", params: {} })))).toEqual({ kind: "ignored" });
    expect(envelope.parseRequest(Object.assign(new Date(), { ...base, method: "ready", params: {} }))).toEqual({ kind: "ignored" });
    expect(envelope.parseRequest({ ...base, method: "ready", params: new Date() })).toEqual({ kind: "invalid", id: "req-1", message: "ready takes empty params" });
  });
});

describe("the page's replies match the contract's reply shape", () => {
  it("builds results and errors the app can parse", () => {
    const result = envelope.reply("req-1", { code: "c", expiresIn: 60, state: "s" });
    const error = envelope.replyError("req-1", "CONSENT_DENIED", "The member denied consent");
    expect(hostReplySchema.parse(result)).toEqual(result);
    expect(hostReplySchema.parse(error)).toEqual(error);
  });

  it("refuses to build a reply the contract rejects, so none reaches the frame", () => {
    expect(() => envelope.reply("", { launchId: "lch_1" })).toThrow();
    expect(() => envelope.reply("req-1", { launchId: "" })).toThrow();
    expect(() => envelope.reply("req-1", { code: "c", expiresIn: 0, state: "s" })).toThrow();
    expect(() => envelope.replyError("x".repeat(65), "BAD_REQUEST", "too long an id")).toThrow();
  });
});
