import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { COMMIT_RETRY, commitWhenTilesReady } from "./commit-retry";

/** A clock that sleeping advances, and a commit that answers `answers` in turn (the last one repeats). */
function aCommit(...answers: Array<() => Promise<string>>) {
  let time = 0;
  let calls = 0;
  const sleeps: number[] = [];
  const commit = () => (answers[Math.min(calls++, answers.length - 1)] ?? (async () => "ok"))();
  const options = (signal = new AbortController().signal, tilesLoadedAt?: (time: number) => number | undefined) => ({
    signal,
    ...(tilesLoadedAt ? { tilesLoadedAt: () => tilesLoadedAt(time) } : {}),
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
  });
  return { commit, options, sleeps, calls: () => calls };
}

const notReady = () => Promise.reject(new AppError("CALL_CONFLICT", "Not every selected tile is ready and visible"));

describe("spec 3 commit: tried again while the tiles get ready", () => {
  it("commits at once when the tiles are ready", async () => {
    const { commit, options, sleeps } = aCommit(async () => "commitRequested");
    await expect(commitWhenTilesReady(commit, options())).resolves.toBe("commitRequested");
    expect(sleeps).toEqual([]);
  });

  it("a 409 is tried again every half second", async () => {
    const { commit, options, sleeps } = aCommit(notReady, notReady, async () => "commitRequested");
    await expect(commitWhenTilesReady(commit, options())).resolves.toBe("commitRequested");
    expect(sleeps).toEqual([COMMIT_RETRY.intervalMs, COMMIT_RETRY.intervalMs]);
  });

  it("a 503 too", async () => {
    const { commit, options } = aCommit(() => Promise.reject(new AppError("INTERNAL_SERVER_ERROR", "x")), async () => "ok");
    await expect(commitWhenTilesReady(commit, options())).resolves.toBe("ok");
  });

  it("gives up after about ten seconds with the campus's message", async () => {
    const { commit, options, calls } = aCommit(notReady);
    await expect(commitWhenTilesReady(commit, options())).rejects.toMatchObject({ code: "CALL_CONFLICT", message: "Not every selected tile is ready and visible" });
    // At 0, 0.5 s, 1 s, … and 10 s.
    expect(calls()).toBe(COMMIT_RETRY.budgetMs / COMMIT_RETRY.intervalMs + 1);
  });

  it("counts the ten seconds from when the last tile document loaded: a slow load is waited for", async () => {
    const { commit, options, calls } = aCommit(notReady);
    // The tiles' documents load at 15 s: tries at 0, 0.5 s, … and until 25 s.
    const loadedAt = (time: number) => (time >= 15_000 ? 15_000 : undefined);
    await expect(commitWhenTilesReady(commit, options(undefined, loadedAt))).rejects.toMatchObject({ code: "CALL_CONFLICT" });
    expect(calls()).toBe((15_000 + COMMIT_RETRY.budgetMs) / COMMIT_RETRY.intervalMs + 1);
  });

  it("tiles loaded and ready late still commit", async () => {
    const answers = Array.from({ length: 40 }, () => notReady);
    const { commit, options } = aCommit(...answers, async () => "commitRequested");
    const loadedAt = (time: number) => (time >= 18_000 ? 18_000 : undefined);
    await expect(commitWhenTilesReady(commit, options(undefined, loadedAt))).resolves.toBe("commitRequested");
  });

  it("a tile document that never loads ends the tries after a minute", async () => {
    const { commit, options, calls } = aCommit(notReady);
    await expect(commitWhenTilesReady(commit, options(undefined, () => undefined))).rejects.toMatchObject({ code: "CALL_CONFLICT" });
    expect(calls()).toBe(COMMIT_RETRY.loadBudgetMs / COMMIT_RETRY.intervalMs + 1);
  });

  it.each([
    ["INVALID_TOKEN"],
    ["ACCESS_REVOKED"],
    ["FORBIDDEN"],
    ["BAD_USER_INPUT"],
    ["RATE_LIMITED"],
  ] as const)("%s is not tried again", async (code) => {
    const { commit, options, calls } = aCommit(() => Promise.reject(new AppError(code, "no")));
    await expect(commitWhenTilesReady(commit, options())).rejects.toMatchObject({ code });
    expect(calls()).toBe(1);
  });

  it("stops when aborted (released, restored or unmounted)", async () => {
    const controller = new AbortController();
    const { commit, options, calls } = aCommit(() => {
      controller.abort();
      return notReady();
    });
    await expect(commitWhenTilesReady(commit, options(controller.signal))).rejects.toMatchObject({ name: "AbortError" });
    expect(calls()).toBe(1);
  });
});
