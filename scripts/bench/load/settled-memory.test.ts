import { describe, expect, it } from "vitest";
import { settledRssMb } from "./settled-memory";

const noWait = async () => {};
const readingsOf = (values: number[]) => {
  let at = 0;
  return () => values[Math.min(at++, values.length - 1)]!;
};

describe("settledRssMb", () => {
  it("waits for the memory a process gives back after start-up, then reads the settled figure", async () => {
    const result = await settledRssMb(readingsOf([150, 151, 150, 149, 120, 117, 117.5, 117, 117.2, 117.1, 90]), { wait: noWait, calm: 5 });
    expect(result).toEqual({ rssMb: 117.1, readings: 10, settled: true });
  });

  it("takes the first readings when they are already calm", async () => {
    expect(await settledRssMb(readingsOf([100, 100.5, 100, 100.2, 100.4]), { wait: noWait, calm: 5 })).toEqual({ rssMb: 100.4, readings: 5, settled: true });
  });

  it("by default, does not take the plateau before V8's memory reducer for settled (eight readings, a second apart)", async () => {
    const plateau = Array<number>(8).fill(151);
    const result = await settledRssMb(readingsOf([...plateau, 118, ...Array<number>(20).fill(117)]), { wait: noWait });
    expect(result).toEqual({ rssMb: 117, readings: 23, settled: true });
  });

  it("gives the last reading, marked unsettled, when memory never settles", async () => {
    let rss = 100;
    const result = await settledRssMb(() => (rss += 5), { wait: noWait, mostReadings: 12 });
    expect(result).toEqual({ rssMb: 160, readings: 12, settled: false });
  });

  it("waits between readings, not after the last", async () => {
    const waits: number[] = [];
    await settledRssMb(readingsOf([1]), { everyMs: 250, calm: 3, wait: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([250, 250]);
  });
});
