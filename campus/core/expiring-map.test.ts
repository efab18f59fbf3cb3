import { describe, expect, it } from "vitest";
import { createExpiringMap } from "./expiring-map";

type Entry = { id: string; expiresAt: number };

describe("createExpiringMap", () => {
  it("prunes expired entries from the front and stops at the first live one", () => {
    const map = createExpiringMap<Entry>((entry) => entry.expiresAt);
    for (const entry of [
      { id: "a", expiresAt: 10 },
      { id: "b", expiresAt: 20 },
      { id: "c", expiresAt: 30 },
    ]) {
      map.set(entry.id, entry);
    }
    const expired: string[] = [];
    map.prune(20, (entry) => expired.push(entry.id));
    expect(expired).toEqual(["a", "b"]);
    expect(map.size).toBe(1);
    expect(map.get("c")?.expiresAt).toBe(30);
  });

  it("moves a touched entry to the back, so that it expires last", () => {
    const map = createExpiringMap<Entry>((entry) => entry.expiresAt);
    const a = { id: "a", expiresAt: 10 };
    map.set("a", a);
    map.set("b", { id: "b", expiresAt: 20 });
    a.expiresAt = 40;
    map.set("a", a);
    map.prune(25);
    expect([...map.values()].map((entry) => entry.id)).toEqual(["a"]);
  });
});
