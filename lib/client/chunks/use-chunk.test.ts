import { describe, expect, it, vi } from "vitest";
import { chunkLoader } from "./use-chunk";

describe("chunkLoader", () => {
  it("fetches once, on the first load, and tells what came of it", async () => {
    const views = { View: "view" };
    const importChunk = vi.fn(async () => views);
    const chunk = chunkLoader(importChunk);
    expect(importChunk).not.toHaveBeenCalled();
    expect(chunk.state()).toBeNull();
    const first = chunk.load();
    expect(chunk.load()).toBe(first);
    expect(chunk.state()).toBeNull(); // on its way
    await first;
    expect(importChunk).toHaveBeenCalledOnce();
    // Known synchronously from then on: a view that needs it renders it at once.
    expect(chunk.state()).toEqual({ module: views });
  });

  it("runs withModule when the chunk comes, and at once after that", async () => {
    const views = { View: "view" };
    const chunk = chunkLoader(async () => views);
    const early = vi.fn();
    chunk.withModule(early); // starts the fetch
    expect(early).not.toHaveBeenCalled();
    await chunk.load();
    expect(early).toHaveBeenCalledWith(views);
    // Already here: in the same task, before anything React renders after an effect.
    const late = vi.fn();
    chunk.withModule(late);
    expect(late).toHaveBeenCalledWith(views);
  });

  it("never runs withModule for a chunk that failed", async () => {
    const chunk = chunkLoader(() => Promise.reject(new Error("connection reset")));
    const run = vi.fn();
    chunk.withModule(run);
    await expect(chunk.load()).rejects.toThrow("connection reset");
    chunk.withModule(run);
    await new Promise((resolve) => setImmediate(resolve));
    expect(run).not.toHaveBeenCalled();
  });

  it("reports a chunk that failed, with no unhandled rejection", async () => {
    const chunk = chunkLoader(() => Promise.reject(new Error("connection reset")));
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      // Started and left, as the page starts a chunk ahead of the view that reads it.
      void chunk.load();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
      expect(chunk.state()).toEqual({ failed: true });
      await expect(chunk.load()).rejects.toThrow("connection reset");
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
