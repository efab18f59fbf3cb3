import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMAND_STEPS, FIRST_VIEW_STEPS, markName, markStep } from "./timing-marks";

afterEach(() => {
  vi.unstubAllGlobals();
  performance.clearMarks();
});

describe("timing marks", () => {
  it("marks a step under its prefixed name, at the time of the call", () => {
    const before = performance.now();
    markStep("ready sent");
    const [mark, ...more] = performance.getEntriesByName(markName("ready sent"), "mark");
    expect(more).toEqual([]);
    expect(mark!.startTime).toBeGreaterThanOrEqual(before);
    expect(markName("ready sent")).not.toBe("ready sent");
  });

  it("never throws where there is no performance timeline", () => {
    vi.stubGlobal("performance", undefined);
    expect(() => markStep("hydrated")).not.toThrow();
  });

  it("never throws when the browser refuses a mark", () => {
    vi.stubGlobal("performance", {
      mark: () => {
        throw new DOMException("buffer full", "QuotaExceededError");
      },
    });
    expect(() => markStep("click")).not.toThrow();
  });

  it("names every step once across the first view and a command: the bench keys its rows by name", () => {
    const names = [...FIRST_VIEW_STEPS, ...COMMAND_STEPS];
    expect(new Set(names).size).toBe(names.length);
  });
});
