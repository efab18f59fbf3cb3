import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff";

const POLICY = { baseDelayMs: 100, maxDelayMs: 1_000 };

describe("capped, jittered exponential backoff", () => {
  it("doubles each retry, between half and all of the step", () => {
    expect([1, 2, 3].map((retry) => backoffDelayMs(retry, POLICY, () => 0))).toEqual([50, 100, 200]);
    expect([1, 2, 3].map((retry) => backoffDelayMs(retry, POLICY, () => 1))).toEqual([100, 200, 400]);
  });

  it("never passes the cap", () => {
    expect(backoffDelayMs(30, POLICY, () => 1)).toBe(1_000);
  });

  it("spreads retries: different random draws, different delays", () => {
    expect(backoffDelayMs(3, POLICY, () => 0.1)).not.toBe(backoffDelayMs(3, POLICY, () => 0.9));
  });
});
