import { describe, expect, it } from "vitest";
import { scrubMessage, summarizeError } from "./log";

const TOKEN = "tok_Vq3nX8pL2mR7sK9dF4hJ6wB1cY5zA0eG";

describe("what a log line may say about an error", () => {
  it("an ioredis reply error becomes its name, code and message: never its command's arguments", () => {
    const error = Object.assign(new Error("OOM command not allowed when used memory > 'maxmemory'."), {
      name: "ReplyError",
      command: { name: "set", args: ["app:session:sid", JSON.stringify({ accessToken: TOKEN }), "PX", "900000"] },
    });
    const summary = summarizeError(error);
    expect(summary).toEqual({ name: "ReplyError", message: "OOM command not allowed when used memory > 'maxmemory'." });
    expect(JSON.stringify(summary)).not.toContain(TOKEN);
  });

  it("keeps an error code, and says nothing of what is not an Error", () => {
    expect(summarizeError(Object.assign(new Error("connect refused"), { code: "ECONNREFUSED" }))).toMatchObject({ code: "ECONNREFUSED" });
    expect(summarizeError({ accessToken: TOKEN })).toEqual({ name: "object", message: "(not an Error)" });
  });

  it("takes token-like runs and quoted JSON out of a message, and keeps it short", () => {
    expect(scrubMessage(`failed for Bearer ${TOKEN}`)).toBe("failed for Bearer [redacted]");
    expect(scrubMessage(`bad value {"sid":"x","member":{"name":"Ada"}} stored`)).toBe("bad value [redacted] stored");
    expect(scrubMessage("x".repeat(5) + " y".repeat(300)).length).toBeLessThanOrEqual(200);
  });
});
