import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PresentationView } from "@/lib/wire/presentation-routes";
import type { PresentationStatus } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import { HANDOFF_BEAT_MS, HANDOFF_FAST_BEATS, HEARTBEAT_INTERVAL_MS, HEARTBEAT_RETRY, startHeartbeatLoop, type HeartbeatStop } from "./heartbeat-loop";

const aView = (status: PresentationStatus = "app", overrides: Partial<PresentationView> = {}): PresentationView => ({
  status,
  mode: "video",
  tiles: [],
  restoredReason: null,
  ...overrides,
});

type Answer = () => Promise<PresentationView>;

/** A loop whose beats answer with `answers` in turn (the last one repeats), recording when each beat starts and how many overlap. */
function aLoop(...answers: Answer[]) {
  const startedAt: number[] = [];
  const views: PresentationView[] = [];
  const stops: HeartbeatStop[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const loop = startHeartbeatLoop({
    beat: async () => {
      startedAt.push(Date.now());
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        return await (answers[Math.min(startedAt.length - 1, answers.length - 1)] ?? (async () => aView()))();
      } finally {
        inFlight -= 1;
      }
    },
    onView: (view) => views.push(view),
    onStop: (stop) => stops.push(stop),
    random: () => 1,
  });
  return { loop, startedAt, views, stops, maxInFlight: () => maxInFlight };
}

const answer = (view: PresentationView, afterMs = 0): Answer => () =>
  afterMs ? new Promise((resolve) => setTimeout(() => resolve(view), afterMs)) : Promise.resolve(view);
const fail = (error: unknown): Answer => () => Promise.reject(error);
const T0 = Date.parse("2030-01-01T00:00:00Z");
const since = (times: number[]) => times.map((time) => time - T0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("spec 4.9: a heartbeat every five seconds", () => {
  it("is one interval after the start, then one interval after each beat was sent", async () => {
    const { startedAt } = aLoop(answer(aView()));
    await vi.advanceTimersByTimeAsync(16_000);
    expect(HEARTBEAT_INTERVAL_MS).toBe(5_000);
    expect(since(startedAt)).toEqual([5_000, 10_000, 15_000]);
  });

  it("keeps its rhythm whatever the answers take: pages a stalled server answered together do not beat together", async () => {
    const { startedAt } = aLoop(answer(aView(), 1_500), answer(aView(), 300), answer(aView(), 2_900), answer(aView()));
    await vi.advanceTimersByTimeAsync(21_000);
    expect(since(startedAt)).toEqual([5_000, 10_000, 15_000, 20_000]);
  });

  it("never overlaps: after an answer slower than the interval, the next beat goes at once", async () => {
    const { startedAt, maxInFlight } = aLoop(answer(aView(), 8_000), answer(aView()));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(since(startedAt)).toEqual([5_000, 13_000, 18_000, 23_000, 28_000]);
    expect(maxInFlight()).toBe(1);
  });

  it("beats at once when asked (the page is shown again), but never on top of a beat in flight", async () => {
    const { loop, startedAt, maxInFlight } = aLoop(answer(aView(), 3_000), answer(aView()));
    await vi.advanceTimersByTimeAsync(6_000);
    loop.beatNow(); // in flight until 8 s: ignored
    await vi.advanceTimersByTimeAsync(2_500);
    loop.beatNow(); // waiting: beats now, and the next one is an interval after it
    await vi.advanceTimersByTimeAsync(5_000);
    expect(since(startedAt)).toEqual([5_000, 8_500, 13_500]);
    expect(maxInFlight()).toBe(1);
  });

  it("reports each answer while the presentation is open", async () => {
    const { views } = aLoop(answer(aView("commitRequested")), answer(aView("app")));
    await vi.advanceTimersByTimeAsync(7_000);
    expect(views.map((view) => view.status)).toEqual(["commitRequested", "app"]);
  });

  it("while the handoff is pending, reads each second for a few beats, then every five seconds", async () => {
    const { startedAt } = aLoop(answer(aView("commitRequested")));
    await vi.advanceTimersByTimeAsync(5_000 + HANDOFF_FAST_BEATS * HANDOFF_BEAT_MS + 2 * HEARTBEAT_INTERVAL_MS);
    const gaps = since(startedAt).slice(1).map((time, index) => time - (since(startedAt)[index] ?? 0));
    expect(gaps).toEqual([...Array<number>(HANDOFF_FAST_BEATS).fill(HANDOFF_BEAT_MS), HEARTBEAT_INTERVAL_MS, HEARTBEAT_INTERVAL_MS]);
  });

  it("stop() ends it; an answer still in flight is dropped", async () => {
    const { loop, startedAt, views, stops } = aLoop(answer(aView(), 2_000));
    await vi.advanceTimersByTimeAsync(6_000);
    loop.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(startedAt).toHaveLength(1);
    expect(views).toEqual([]);
    expect(stops).toEqual([]);
  });
});

describe("spec part 7: real access loss stops it at once", () => {
  it.each([
    ["INVALID_TOKEN", "expired"],
    ["ACCESS_REVOKED", "access-lost"],
    ["APP_UNAVAILABLE", "access-lost"],
  ] as const)("%s → %s, and no further beat", async (code, reason) => {
    const error = new AppError(code, "gone");
    const { startedAt, stops } = aLoop(fail(error));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(startedAt).toHaveLength(1);
    expect(stops).toEqual([{ reason, error }]);
  });
});

describe("spec 3: native restoration stops it and is reported", () => {
  it("409: restored, with the reason the message names", async () => {
    const { startedAt, stops } = aLoop(fail(new AppError("CALL_CONFLICT", "presentation restored (heartbeatMissed): prepare a new one")));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(startedAt).toHaveLength(1);
    expect(stops).toEqual([{ reason: "restored", restoredReason: "heartbeatMissed", message: expect.any(String), refused: false }]);
  });

  it("409 without a known reason: restored, reason unknown", async () => {
    const { stops } = aLoop(fail(new AppError("CALL_CONFLICT", "There is no presentation in this session; start one")));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stops).toEqual([expect.objectContaining({ reason: "restored", restoredReason: null })]);
  });

  it("FORBIDDEN (no active grant): ended as refused, with the message", async () => {
    const { stops } = aLoop(fail(new AppError("FORBIDDEN", "no active grant")));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stops).toEqual([{ reason: "restored", restoredReason: null, message: "no active grant", refused: true }]);
  });

  it.each([["released"], ["restored"]] as const)("a %s answer ends it", async (status) => {
    const view = aView(status, { restoredReason: status === "restored" ? "memberLeft" : null });
    const { startedAt, stops, views } = aLoop(answer(view));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(startedAt).toHaveLength(1);
    expect(views).toEqual([]);
    expect(stops).toEqual([{ reason: "ended", view }]);
  });
});

describe("spec part 7: temporary failures are retried while the visitor is active", () => {
  it.each([
    ["a 503", new AppError("INTERNAL_SERVER_ERROR", "The campus is unavailable; try again")],
    ["a network failure", new AppError("INTERNAL_SERVER_ERROR", "The app could not be reached")],
    ["an unexpected failure", new TypeError("x")],
  ])("%s: soon, with a growing wait that never passes the interval", async (_name, error) => {
    const { startedAt, stops } = aLoop(fail(error), fail(error), fail(error), fail(error), fail(error), answer(aView()));
    await vi.advanceTimersByTimeAsync(40_000);
    const gaps = since(startedAt).slice(1).map((time, index) => time - (since(startedAt)[index] ?? 0));
    expect(gaps.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(HEARTBEAT_RETRY.maxDelayMs);
    expect(stops).toEqual([]);
  });

  it("429 waits its Retry-After", async () => {
    const { startedAt } = aLoop(fail(new AppError("RATE_LIMITED", "slow down", { retryAfterSeconds: 9 })), answer(aView()));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(since(startedAt)).toEqual([5_000, 14_000]);
  });
});
