import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/http/handle-route";

const post = (body: string) => new NextRequest("http://app.localhost:3000/api/x", { method: "POST", body });

describe("every API route maps errors the same way", () => {
  it("keeps an AppError's code and status", async () => {
    const route = handleRoute(async () => {
      throw new AppError("FORBIDDEN", "Missing scope");
    });
    const answer = await route(post("{}"));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: { code: "FORBIDDEN", message: "Missing scope" } });
  });

  it("turns anything else into a 503 with a generic message, no stack, and Retry-After", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const route = handleRoute(async () => {
      throw new Error("database password is hunter2");
    });
    const answer = await route(post("{}"));
    expect(answer.status).toBe(503);
    expect(answer.headers["Cache-Control"]).toBe("private, no-store");
    expect(JSON.stringify(answer.body)).not.toContain("hunter2");
    expect(answer.body).toMatchObject({ error: { code: "INTERNAL_SERVER_ERROR" } });
    expect(answer.headers["Retry-After"]).toBe("1");
  });

  it("marks successes private, no-store too, whatever the handler's headers said", async () => {
    const answer = await handleRoute(async () => ({ status: 200, body: { ok: true }, headers: { "Cache-Control": "public, max-age=60" } }))(post("{}"));
    expect(answer.headers["Cache-Control"]).toBe("private, no-store");
  });
});
