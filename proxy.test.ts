import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { proxy } from "./proxy";

afterEach(() => vi.unstubAllEnvs());

const page = (method: string, host = "app.localhost:3000") =>
  new NextRequest("http://app.localhost:3000/", { method, headers: { host }, ...(method === "GET" || method === "HEAD" ? {} : { body: "x=1" }) });

async function expectRefusal(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.has("content-security-policy")).toBe(false);
  expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
}

describe("the proxy: pages take GET and HEAD only", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"])("%s is 405 with Allow: GET, HEAD, in the Error shape", async (method) => {
    const response = proxy(page(method));
    await expectRefusal(response, 405, "METHOD_NOT_ALLOWED");
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it.each(["GET", "HEAD"])("%s goes on to the page with its policy", (method) => {
    const response = proxy(page(method));
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors");
  });
});

describe("the proxy in development: the app's own names only", () => {
  it("a page asked for under another name is 421", async () => {
    vi.stubEnv("NODE_ENV", "development");
    await expectRefusal(proxy(page("GET", "rebound.example:3000")), 421, "MISDIRECTED_REQUEST");
    expect(proxy(page("GET", "localhost:3000")).headers.get("x-middleware-next")).toBe("1");
  });
});
