import { sealData } from "iron-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_SECRET } from "@/lib/testing/fixtures";
import { MAX_SEALED_HANDLE_LENGTH, SESSION_HANDLE_TTL_SECONDS, sealHandle, unsealHandle } from "./handle";

afterEach(() => vi.useRealTimers());

describe("session handles", () => {
  it("unseals what it sealed, again and again", async () => {
    const seal = await sealHandle({ sid: "sid-1", launchId: "launch-1" }, TEST_SECRET);
    expect(await unsealHandle(seal, TEST_SECRET)).toEqual({ sid: "sid-1", launchId: "launch-1" });
    expect(await unsealHandle(seal, TEST_SECRET)).toEqual({ sid: "sid-1", launchId: "launch-1" });
  });

  it("reads back a handle this process sealed without decrypting it; one sealed elsewhere is decrypted", async () => {
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    const own = await sealHandle({ sid: "sid-own", launchId: "launch-1" }, TEST_SECRET);
    expect(await unsealHandle(own, TEST_SECRET)).toEqual({ sid: "sid-own", launchId: "launch-1" });
    expect(decrypt).not.toHaveBeenCalled();
    const elsewhere = await sealData({ sid: "sid-elsewhere", launchId: "launch-1" }, { password: TEST_SECRET, ttl: SESSION_HANDLE_TTL_SECONDS });
    expect(await unsealHandle(elsewhere, TEST_SECRET)).toEqual({ sid: "sid-elsewhere", launchId: "launch-1" });
    expect(decrypt).toHaveBeenCalled();
  });

  it("refuses a remembered seal once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const seal = await sealHandle({ sid: "sid-1", launchId: "launch-1" }, TEST_SECRET);
    expect(await unsealHandle(seal, TEST_SECRET)).toBeDefined();
    // iron allows 60 s of clock skew past the expiry; the remembered handle allows none.
    vi.advanceTimersByTime(SESSION_HANDLE_TTL_SECONDS * 1000 + 61_000);
    expect(await unsealHandle(seal, TEST_SECRET)).toBeUndefined();
  });

  it("refuses a tampered seal and a seal under another secret, even after the real one was used", async () => {
    const seal = await sealHandle({ sid: "sid-1", launchId: "launch-1" }, TEST_SECRET);
    await unsealHandle(seal, TEST_SECRET);
    const [body, version] = seal.split("~");
    const parts = body!.split("*");
    parts[4] = parts[4]!.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    expect(await unsealHandle(`${parts.join("*")}~${version}`, TEST_SECRET)).toBeUndefined();
    expect(await unsealHandle(seal, "another-secret-of-at-least-thirty-two-characters")).toBeUndefined();
  });
});

describe("a handle not shaped as this app's seals is refused before any unseal", () => {
  const handle = { sid: "sid-1", launchId: "launch-1" };
  // Every unseal that gets past parsing derives its keys first.
  const keysDerived = () => vi.spyOn(crypto.subtle, "importKey");

  it("iron-session's version suffix lies outside the MAC: a seal with any other suffix is refused, even one this process remembers", async () => {
    const seal = await sealHandle(handle, TEST_SECRET);
    const sealed = seal.slice(0, seal.lastIndexOf("~"));
    const importKey = keysDerived();
    for (const variant of [`${seal}~junk`, `${sealed}~3`, `${seal}${"A".repeat(1000)}`, sealed]) {
      expect(await unsealHandle(variant, TEST_SECRET)).toBeUndefined();
    }
    expect(importKey).not.toHaveBeenCalled();
    expect(await unsealHandle(seal, TEST_SECRET)).toEqual(handle);
  });

  it("a suffix variant of a seal sealed elsewhere is refused unopened too", async () => {
    const elsewhere = await sealData(handle, { password: TEST_SECRET, ttl: SESSION_HANDLE_TTL_SECONDS });
    const importKey = keysDerived();
    expect(await unsealHandle(`${elsewhere}~x`, TEST_SECRET)).toBeUndefined();
    expect(importKey).not.toHaveBeenCalled();
    expect(await unsealHandle(elsewhere, TEST_SECRET)).toEqual(handle);
    expect(importKey).toHaveBeenCalled();
  });

  it(`a handle longer than ${MAX_SEALED_HANDLE_LENGTH} characters is refused unopened; the longest launch ID still fits`, async () => {
    const seal = await sealHandle(handle, TEST_SECRET);
    const oversized = `${seal.slice(0, -2)}${"A".repeat(MAX_SEALED_HANDLE_LENGTH)}~2`;
    const importKey = keysDerived();
    expect(await unsealHandle(oversized, TEST_SECRET)).toBeUndefined();
    expect(importKey).not.toHaveBeenCalled();
    // The contract allows 128 characters; control characters take six each once escaped in JSON.
    const longest = { sid: "s".repeat(43), launchId: "\u0001".repeat(128) };
    const sealedElsewhere = await sealData(longest, { password: TEST_SECRET, ttl: SESSION_HANDLE_TTL_SECONDS });
    expect(await unsealHandle(sealedElsewhere, TEST_SECRET)).toEqual(longest);
  });
});

describe("rotating SESSION_SECRET: the previous secret still opens its handles, the current one seals", () => {
  const PREVIOUS = "the-previous-session-secret-of-32-chars-or-more";
  const handle = { sid: "sid-1", launchId: "launch-1" };

  it("a handle sealed with the previous secret unseals while both are set", async () => {
    const old = await sealHandle(handle, PREVIOUS);
    expect(await unsealHandle(old, [TEST_SECRET, PREVIOUS])).toEqual(handle);
  });

  it("a new handle is sealed with the current secret only", async () => {
    const fresh = await sealHandle(handle, [TEST_SECRET, PREVIOUS]);
    expect(await unsealHandle(fresh, TEST_SECRET)).toEqual(handle);
    expect(await unsealHandle(fresh, PREVIOUS)).toBeUndefined();
  });

  it("once the previous secret is dropped, its handles are refused, even one this process remembers", async () => {
    const old = await sealHandle(handle, PREVIOUS);
    expect(await unsealHandle(old, [TEST_SECRET, PREVIOUS])).toEqual(handle);
    expect(await unsealHandle(old, TEST_SECRET)).toBeUndefined();
  });

  it("a handle sealed with a bare password (iron-session's ID 1) still unseals with that secret as the current one", async () => {
    const bare = await sealData(handle, { password: TEST_SECRET, ttl: SESSION_HANDLE_TTL_SECONDS });
    expect(await unsealHandle(bare, [TEST_SECRET, PREVIOUS])).toEqual(handle);
  });
});
