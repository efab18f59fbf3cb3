import { sealData } from "iron-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_SECRET } from "@/lib/testing/fixtures";
import { SESSION_HANDLE_TTL_SECONDS, sealHandle, unsealHandle } from "./handle";

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
