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
