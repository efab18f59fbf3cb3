import { afterEach, describe, expect, it, vi } from "vitest";
import { okResponseSchema } from "@/lib/wire/auth-routes";
import { AppError } from "@/lib/errors";
import { fetchApi } from "./fetcher";

function stubFetch(response: Response | Error) {
  const calls: Request[] = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit) => {
    calls.push(new Request(new URL(input, "http://app.localhost:3000"), init));
    if (response instanceof Error) throw response;
    return response;
  });
  return calls;
}

afterEach(() => void vi.unstubAllGlobals());

describe("the page's fetcher", () => {
  it("sends the launch header on every call, and the session header only in cookieless mode", async () => {
    const calls = stubFetch(Response.json({ ok: true }));
    await fetchApi("/api/auth/logout", { launch: { launchId: "l1" }, method: "POST", schema: okResponseSchema });
    expect(calls[0]?.headers.get("x-campus-launch")).toBe("l1");
    expect(calls[0]?.headers.has("x-app-session")).toBe(false);

    const cookieless = stubFetch(Response.json({ ok: true }));
    await fetchApi("/api/auth/logout", { launch: { launchId: "l1", sessionHandle: "h" }, method: "POST", schema: okResponseSchema });
    expect(cookieless[0]?.headers.get("x-app-session")).toBe("h");
  });

  it("rethrows the server's error as the same AppError", async () => {
    stubFetch(Response.json({ error: { code: "INVALID_TOKEN", message: "Sign in again" } }, { status: 401 }));
    const failure = fetchApi("/api/me", { launch: { launchId: "l1" }, schema: okResponseSchema });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: "INVALID_TOKEN", status: 401, message: "Sign in again" });
  });

  it("reads a network failure as unavailable", async () => {
    stubFetch(new TypeError("Failed to fetch"));
    await expect(fetchApi("/api/me", { launch: { launchId: "l1" }, schema: okResponseSchema })).rejects.toMatchObject({ status: 503 });
  });

  it("rejects a success body off the schema", async () => {
    stubFetch(Response.json({ ok: "yes" }));
    await expect(fetchApi("/api/me", { launch: { launchId: "l1" }, schema: okResponseSchema })).rejects.toMatchObject({ status: 503 });
  });
});
