import { describe, expect, it } from "vitest";
import { REDACTED, faultEntry, matchesFilter, messageEntry, orderEntries, redactMessage } from "./flow-entries";

const envelope = { protocol: "campus.hosted-app", version: 2, id: "req-1" };

describe("iframe messages in the flow inspector", () => {
  it("never keep the login state or the authorization code (spec 5.3.3-5.3.4)", () => {
    const request = { ...envelope, method: "authenticate", params: { launchId: "lch_1", state: "secret-state" } };
    const reply = { ...envelope, result: { code: "secret-code", expiresIn: 60, state: "secret-state" } };
    expect(redactMessage(request)).toEqual({ ...envelope, method: "authenticate", params: { launchId: "lch_1", state: REDACTED } });
    expect(redactMessage(reply)).toEqual({ ...envelope, result: { code: REDACTED, expiresIn: 60, state: REDACTED } });
    const entry = messageEntry({ direction: "host-to-app", message: reply, method: "authenticate", at: 1, seq: 1 });
    expect(JSON.stringify(entry)).not.toMatch(/secret/);
    expect(entry).toMatchObject({ title: "authenticate reply", section: "5.3.4", isError: false });
  });

  it("keep a host error's code, which is no secret", () => {
    const reply = { ...envelope, error: { code: "CONSENT_DENIED", message: "The member denied consent" } };
    expect(messageEntry({ direction: "host-to-app", message: reply, method: "authenticate", at: 1, seq: 1 })).toMatchObject({
      status: "CONSENT_DENIED",
      isError: true,
      body: reply,
    });
  });
});

describe("order and filter", () => {
  const ready = messageEntry({ direction: "app-to-host", message: { ...envelope, method: "ready", params: {} }, method: "ready", at: 10, seq: 1 });
  const authenticate = messageEntry({ direction: "app-to-host", message: { ...envelope, method: "authenticate", params: {} }, method: "authenticate", at: 20, seq: 2 });

  it("orders by time, then page messages first", () => {
    const rest = { ...ready, key: "r1", kind: "rest" as const, at: 10, seq: 1 };
    expect(orderEntries([authenticate, rest, ready]).map((entry) => entry.key)).toEqual([ready.key, "r1", authenticate.key]);
  });

  it("matches every word of the text, within the chosen kind", () => {
    expect(matchesFilter(ready, { kind: "all", text: "READY app" })).toBe(true);
    expect(matchesFilter(ready, { kind: "rest", text: "" })).toBe(false);
    expect(matchesFilter(ready, { kind: "error", text: "" })).toBe(false);
    expect(matchesFilter(authenticate, { kind: "message", text: "ready" })).toBe(false);
  });
});

describe("injected reply faults in the flow inspector", () => {
  it.each([
    [{ kind: "drop" }, "ready", "ready reply dropped (injected fault)"],
    [{ kind: "delay", delayMs: 3000 }, "authenticate", "authenticate reply delayed 3000 ms (injected fault)"],
    [{ kind: "duplicate" }, "authenticate", "authenticate reply sent twice (injected fault)"],
    [{ kind: "staleLaunch", launchId: "lch_old" }, "ready", "ready answered with a stale launch (injected fault)"],
    [{ kind: "reload" }, "authenticate", "frame reloaded instead of the authenticate reply (injected fault)"],
  ] as const)("%o on %s says what was done", (fault, method, title) => {
    const entry = faultEntry({ method, fault, at: 1, seq: 1 });
    expect(entry).toMatchObject({ kind: "message", title, status: "injected fault", isError: true, fault: fault.kind, direction: "host-to-app" });
    expect(matchesFilter(entry, { kind: "error", text: "injected" })).toBe(true);
  });
});
