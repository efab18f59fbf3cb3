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
    const response = await route(post("{}"));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "FORBIDDEN", message: "Missing scope" } });
  });

  it("turns anything else into a 503 with a generic message and no stack", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const route = handleRoute(async () => {
      throw new Error("database password is hunter2");
    });
    const response = await route(post("{}"));
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    expect(text).not.toContain("hunter2");
    expect(JSON.parse(text)).toMatchObject({ error: { code: "INTERNAL_SERVER_ERROR" } });
  });

  it("marks successes private, no-store too", async () => {
    const response = await handleRoute(async () => Response.json({ ok: true }))(post("{}"));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});
