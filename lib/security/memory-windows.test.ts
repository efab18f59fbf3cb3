import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryWindows } from "./memory-windows";

const LIMIT = { points: 2, durationSeconds: 60 };

function clockAt(start: number) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

describe("fixed windows in memory", () => {
  afterEach(() => vi.useRealTimers());

  it("refuses past the points with the time left in the window, and opens a new window once it ends", () => {
    const clock = clockAt(1_000_000);
    const windows = createMemoryWindows(LIMIT, clock.read);
    expect([windows.consume("a"), windows.consume("a")]).toEqual([undefined, undefined]);
    clock.now += 15_000;
    expect(windows.consume("a")).toBe(45_000);
    clock.now += 45_000;
    expect(windows.consume("a")).toBeUndefined();
  });

  it("counts each key on its own", () => {
    const windows = createMemoryWindows(LIMIT, clockAt(0).read);
    windows.consume("a");
    windows.consume("a");
    expect(windows.consume("b")).toBeUndefined();
  });

  it("forgets ended windows as it counts, so a key seen once is not held past its window", () => {
    const clock = clockAt(0);
    const windows = createMemoryWindows(LIMIT, clock.read);
    for (let key = 0; key < 1000; key++) windows.consume(`launch-${key}`);
    clock.now += 60_000;
    windows.consume("another");
    expect(windows.size).toBe(1);
  });

  it("sets no timer: one set while a request is served would keep the request alive until it fires", () => {
    vi.useFakeTimers();
    const windows = createMemoryWindows(LIMIT);
    for (let key = 0; key < 10; key++) windows.consume(`launch-${key}`);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a clock set back leaves no ended window counting, even behind one still open", () => {
    const clock = clockAt(100_000);
    const windows = createMemoryWindows(LIMIT, clock.read);
    windows.consume("a");
    clock.now = 50_000;
    windows.consume("b");
    windows.consume("b");
    clock.now = 120_000;
    expect(windows.consume("b")).toBeUndefined();
  });
});
