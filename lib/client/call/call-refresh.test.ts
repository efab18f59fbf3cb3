import { describe, expect, it } from "vitest";
import type { CommandView } from "@/lib/wire/call-routes";
import { LIMITS } from "@/lib/contract";
import {
  CALL_VIEW_BUDGET_PER_MINUTE,
  CALL_VIEW_CEILING_PER_MINUTE,
  COMMAND_FAST_REFRESH_MS,
  COMMAND_FAST_WINDOW_MS,
  COMMAND_REFRESH_MS,
  GRANT_ACTIVE_REFRESH_MS,
  GRANT_APPROVAL_FAST_WINDOW_MS,
  GRANT_APPROVAL_REFRESH_MS,
  MAX_READS_PER_COMMAND,
  STATUS_REFOCUS_THROTTLE_MS,
  STEADY_STATE_REQUESTS_PER_MINUTE,
  commandRefreshMs,
  grantRefreshMs,
} from "./call-refresh";

const aCommandView = (status: CommandView["status"]): CommandView => ({ ref: "r", kind: "action", action: "mute", status, createdAt: "2030-01-01T00:00:00.000Z" });
const perMinute = (intervalMs: number) => 60_000 / intervalMs;

describe("the call view's budget: at most 10 campus requests per visitor-minute at steady state", () => {
  it("grant polling while active is 10 per minute, the whole budget", () => {
    expect(perMinute(GRANT_ACTIVE_REFRESH_MS)).toBe(10);
    expect(perMinute(GRANT_ACTIVE_REFRESH_MS)).toBeLessThanOrEqual(CALL_VIEW_BUDGET_PER_MINUTE);
  });

  it("grant polling plus a status check on every allowed refocus stays under the ceiling", () => {
    expect(STEADY_STATE_REQUESTS_PER_MINUTE).toBe(perMinute(GRANT_ACTIVE_REFRESH_MS) + perMinute(STATUS_REFOCUS_THROTTLE_MS));
    expect(STEADY_STATE_REQUESTS_PER_MINUTE).toBeLessThanOrEqual(CALL_VIEW_CEILING_PER_MINUTE);
  });

  it("a long approval wait falls back to the active rate", () => {
    expect(GRANT_APPROVAL_REFRESH_MS).toBe(2_000);
    expect(grantRefreshMs({ status: "approval" }, false)).toBe(GRANT_APPROVAL_REFRESH_MS);
    expect(grantRefreshMs({ status: "approval" }, true)).toBe(GRANT_ACTIVE_REFRESH_MS);
    // The fast window is bounded: at most this many extra reads per approval.
    expect(GRANT_APPROVAL_FAST_WINDOW_MS / GRANT_APPROVAL_REFRESH_MS).toBeLessThanOrEqual(15);
  });

  it("status is never on an interval, and refocus checks are throttled to a few a minute", () => {
    expect(perMinute(STATUS_REFOCUS_THROTTLE_MS)).toBeLessThanOrEqual(3);
  });

  it("no grant, or one denied or ended, is not polled", () => {
    expect(grantRefreshMs(null, false)).toBe(0);
    expect(grantRefreshMs(undefined, false)).toBe(0);
    expect(grantRefreshMs({ status: "denied" }, false)).toBe(0);
    expect(grantRefreshMs({ status: "ended" }, false)).toBe(0);
  });
});

describe("spec 4.8: commands are polled only while one is in flight, fast just after the page sent one", () => {
  it.each([["pending"], ["working"]] as const)("%s polls every second, and four times a second just after sending", (status) => {
    expect(commandRefreshMs([aCommandView("applied"), aCommandView(status)])).toBe(COMMAND_REFRESH_MS);
    expect(commandRefreshMs([aCommandView("applied"), aCommandView(status)], true)).toBe(COMMAND_FAST_REFRESH_MS);
  });

  it("just after sending, a command that is already terminal is not polled either", () => {
    expect(commandRefreshMs([aCommandView("applied")], true)).toBe(0);
  });

  it("all terminal, or none: no polling", () => {
    expect(commandRefreshMs([aCommandView("applied"), aCommandView("declined"), aCommandView("failed"), aCommandView("expired")])).toBe(0);
    expect(commandRefreshMs([])).toBe(0);
    expect(commandRefreshMs(undefined)).toBe(0);
  });

  it("a command in flight costs eight fast reads, then at most one a second for the rest of its one-minute life", () => {
    expect(COMMAND_REFRESH_MS).toBe(1_000);
    expect(COMMAND_FAST_WINDOW_MS / COMMAND_FAST_REFRESH_MS).toBe(8);
    expect(MAX_READS_PER_COMMAND).toBe(8 + LIMITS.commandLifetimeSeconds - 2);
  });
});
