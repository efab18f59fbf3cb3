import { beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { aCampus, aCampusApi, aMember, aToken, fakeCampusFetch, hangingCampusFetch } from "@/lib/testing/fixtures";
import { createCampusApi } from "./client";
import { CAMPUS_UNAVAILABLE } from "./request";

const unavailable = expect.objectContaining({ code: "INTERNAL_SERVER_ERROR", status: 503, message: CAMPUS_UNAVAILABLE });

function campusAnswering(body: unknown, init: ResponseInit = {}) {
  const answer = () => (typeof body === "string" ? new Response(body, init) : Response.json(body, init));
  return aCampusApi(aCampus({ routes: { "POST /v1/apps/token": answer, "GET /v1/apps/userinfo": answer } }).fetch);
}

describe("spec 4.1: token exchange", () => {
  it("posts { code } only, with Basic client credentials", async () => {
    const campus = aCampus();
    await aCampusApi(campus.fetch).exchangeCode("the-code");
    const request = campus.requests[0];
    expect(request?.url).toBe("http://campus.test/v1/apps/token");
    expect(request?.headers.get("authorization")).toMatch(/^Basic /);
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(await request?.json()).toEqual({ code: "the-code" });
  });

  it("returns a valid token", async () => {
    await expect(campusAnswering(aToken()).exchangeCode("c")).resolves.toEqual(aToken());
  });

  it("rejects a token with an extra field as 503", async () => {
    await expect(campusAnswering({ ...aToken(), refresh_token: "x" }).exchangeCode("c")).rejects.toEqual(unavailable);
  });

  it("rejects a token_type other than Bearer as 503", async () => {
    await expect(campusAnswering({ ...aToken(), token_type: "mac" }).exchangeCode("c")).rejects.toEqual(unavailable);
  });

  it("keeps the code and status of a campus Error", async () => {
    const api = campusAnswering({ error: { code: "INVALID_CLIENT", message: "Unknown client" } }, { status: 401 });
    await expect(api.exchangeCode("c")).rejects.toEqual(expect.objectContaining({ code: "INVALID_CLIENT", status: 401, message: "Unknown client" }));
  });

  it("keeps Retry-After", async () => {
    const api = campusAnswering({ error: { code: "RATE_LIMITED", message: "Slow down" } }, { status: 429, headers: { "Retry-After": "7" } });
    await expect(api.exchangeCode("c")).rejects.toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: 7 });
  });
});

describe("spec 4.2: userinfo", () => {
  it("sends the bearer token", async () => {
    const campus = aCampus();
    await expect(aCampusApi(campus.fetch).getMember("tok")).resolves.toEqual(aMember());
    expect(campus.requests[0]?.headers.get("authorization")).toBe("Bearer tok");
  });

  it("rejects a member with an extra field as 503", async () => {
    await expect(campusAnswering({ ...aMember(), email: "ada@example.com" }).getMember("t")).rejects.toEqual(unavailable);
  });

  it("forwards ACCESS_REVOKED", async () => {
    const api = campusAnswering({ error: { code: "ACCESS_REVOKED", message: "Consent ended" } }, { status: 403 });
    await expect(api.getMember("t")).rejects.toMatchObject({ code: "ACCESS_REVOKED", status: 403 });
  });
});

describe("a campus that cannot be reached or understood is unavailable (503)", () => {
  let warn: MockInstance<typeof log.warn>;
  beforeEach(() => void (warn = vi.spyOn(log, "warn").mockImplementation(() => undefined)));
  const warned = (reason: string) => [{ event: "campus.unavailable", method: "GET", path: "/v1/apps/userinfo", reason }, "campus.unavailable"];

  it("logs the endpoint and the reason, never the token", async () => {
    await expect(campusAnswering("oops", { status: 500 }).getMember("tok_secret")).rejects.toEqual(unavailable);
    expect(warn).toHaveBeenCalledWith(...warned("non-JSON response (HTTP 500)"));
    expect(JSON.stringify(warn.mock.calls)).not.toContain("tok_secret");
  });

  it("a network failure", async () => {
    const api = aCampusApi(async () => {
      throw new TypeError("fetch failed");
    });
    await expect(api.getMember("t")).rejects.toEqual(unavailable);
  });

  it("a timeout", async () => {
    const api = createCampusApi({ baseUrl: "http://campus.test", clientId: "c", clientSecret: "s", fetch: hangingCampusFetch, timeoutMs: 20 });
    await expect(api.getMember("t")).rejects.toEqual(unavailable);
  });

  it("a body that stalls after the headers, as a timeout", async () => {
    const stalling: typeof fetch = async (_input, init) =>
      new Response(new ReadableStream({ start: (body) => init?.signal?.addEventListener("abort", () => body.error(init.signal?.reason)) }));
    const api = createCampusApi({ baseUrl: "http://campus.test", clientId: "c", clientSecret: "s", fetch: stalling, timeoutMs: 20 });
    await expect(api.getMember("t")).rejects.toEqual(unavailable);
    expect(warn).toHaveBeenCalledWith(...warned("timed out"));
  });

  it("stops its timeout once answered, so nothing holds a finished request until then", async () => {
    let signal: AbortSignal | undefined;
    const answering: typeof fetch = async (_input, init) => {
      signal = init?.signal ?? undefined;
      return Response.json({ error: { code: "INVALID_TOKEN", message: "no" } }, { status: 401 });
    };
    const api = createCampusApi({ baseUrl: "http://campus.test", clientId: "c", clientSecret: "s", fetch: answering, timeoutMs: 20 });
    vi.useFakeTimers();
    try {
      await api.getMember("t").catch(() => undefined);
      await vi.advanceTimersByTimeAsync(60);
      expect(signal?.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a body that is not JSON", async () => {
    await expect(campusAnswering("<html>Bad gateway</html>", { status: 502 }).getMember("t")).rejects.toEqual(unavailable);
  });

  it("an error body off the contract", async () => {
    await expect(campusAnswering({ message: "nope" }, { status: 500 }).getMember("t")).rejects.toEqual(unavailable);
  });

  it("an error code this version does not know", async () => {
    await expect(campusAnswering({ error: { code: "TEAPOT", message: "?" } }, { status: 418 }).getMember("t")).rejects.toBeInstanceOf(AppError);
  });

  it("joins paths to a base URL with a trailing slash", async () => {
    const campus = fakeCampusFetch({ "GET /v1/apps/userinfo": () => Response.json(aMember()) });
    const api = createCampusApi({ baseUrl: "http://campus.test/", clientId: "c", clientSecret: "s", fetch: campus.fetch });
    await api.getMember("t");
    expect(campus.requests[0]?.url).toBe("http://campus.test/v1/apps/userinfo");
  });
});
