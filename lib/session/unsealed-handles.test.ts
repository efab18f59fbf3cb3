import { describe, expect, it } from "vitest";
import { createUnsealedHandles, sealExpiry } from "./unsealed-handles";

const handle = { sid: "sid-1", launchId: "launch-1" };
const MAX_BYTES = 1_000_000;

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("unsealed handles", () => {
  it("returns a remembered handle for the same seal and secret until the seal's expiry", () => {
    const time = clock();
    const handles = createUnsealedHandles({ maxEntries: 10, maxBytes: MAX_BYTES, now: time.now });
    handles.remember("seal-a", "secret", handle, time.now() + 1_000);
    expect(handles.get("seal-a", "secret")).toEqual(handle);
    time.advance(999);
    expect(handles.get("seal-a", "secret")).toEqual(handle);
    time.advance(1);
    expect(handles.get("seal-a", "secret")).toBeUndefined();
  });

  it("knows nothing of another seal or a seal checked with another secret", () => {
    const handles = createUnsealedHandles({ maxEntries: 10, maxBytes: MAX_BYTES });
    handles.remember("seal-a", "secret", handle, Date.now() + 60_000);
    expect(handles.get("seal-b", "secret")).toBeUndefined();
    expect(handles.get("seal-a", "other secret")).toBeUndefined();
  });

  it("does not remember a seal that has already expired", () => {
    const time = clock();
    const handles = createUnsealedHandles({ maxEntries: 10, maxBytes: MAX_BYTES, now: time.now });
    handles.remember("seal-a", "secret", handle, time.now());
    expect(handles.get("seal-a", "secret")).toBeUndefined();
  });

  it("holds at most maxEntries, dropping the least recently used", () => {
    const handles = createUnsealedHandles({ maxEntries: 2, maxBytes: MAX_BYTES });
    const later = Date.now() + 60_000;
    handles.remember("a", "s", { sid: "a", launchId: "l" }, later);
    handles.remember("b", "s", { sid: "b", launchId: "l" }, later);
    expect(handles.get("a", "s")?.sid).toBe("a"); // a is now the most recent
    handles.remember("c", "s", { sid: "c", launchId: "l" }, later);
    expect(handles.get("b", "s")).toBeUndefined();
    expect(handles.get("a", "s")?.sid).toBe("a");
    expect(handles.get("c", "s")?.sid).toBe("c");
  });

  it("holds at most maxBytes: longer seals take more room, and the least recently used go first", () => {
    // Each entry: its seal, secret and handle's characters, and a fixed overhead of a few hundred bytes.
    const handles = createUnsealedHandles({ maxEntries: 1_000, maxBytes: 10_000 });
    const later = Date.now() + 60_000;
    const seal = (name: string, length: number) => name.padEnd(length, "x");
    for (const name of ["a", "b", "c", "d", "e"]) handles.remember(seal(name, 1_500), "s", { sid: name, launchId: "l" }, later);
    expect(handles.get(seal("a", 1_500), "s")?.sid).toBe("a"); // five of about 1.9 KB fit
    handles.remember(seal("f", 1_500), "s", { sid: "f", launchId: "l" }, later);
    expect(handles.get(seal("b", 1_500), "s")).toBeUndefined();
    expect(handles.get(seal("a", 1_500), "s")?.sid).toBe("a");
    const remembered = ["a", "c", "d", "e", "f"].filter((name) => handles.get(seal(name, 1_500), "s"));
    expect(remembered).toHaveLength(5);
    // One longer seal (about 4.4 KB) pushes out as many of the oldest as its bytes need: three.
    handles.remember(seal("g", 4_000), "s", { sid: "g", launchId: "l" }, later);
    expect(handles.get(seal("g", 4_000), "s")?.sid).toBe("g");
    expect(["a", "c", "d", "e", "f"].filter((name) => handles.get(seal(name, 1_500), "s"))).toEqual(["e", "f"]);
  });

  it("hands out copies, so a caller cannot change what the next request sees", () => {
    const handles = createUnsealedHandles({ maxEntries: 2, maxBytes: MAX_BYTES });
    handles.remember("a", "s", { ...handle }, Date.now() + 60_000);
    handles.get("a", "s")!.sid = "someone else";
    expect(handles.get("a", "s")).toEqual(handle);
  });
});

describe("sealExpiry", () => {
  it("reads the expiration field of an iron seal, with or without iron-session's version suffix", () => {
    expect(sealExpiry("Fe26.2*1*salt*iv*data*1795000000000*hsalt*hmac~2")).toBe(1_795_000_000_000);
    expect(sealExpiry("Fe26.2*1*salt*iv*data*1795000000000*hsalt*hmac")).toBe(1_795_000_000_000);
  });

  it("has no expiry for a seal without one or with a malformed one", () => {
    expect(sealExpiry("Fe26.2*1*salt*iv*data**hsalt*hmac~2")).toBeUndefined();
    expect(sealExpiry("Fe26.2*1*salt*iv*data*12ab*hsalt*hmac~2")).toBeUndefined();
    expect(sealExpiry("not a seal")).toBeUndefined();
  });
});
