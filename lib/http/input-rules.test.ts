import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { assertDevelopmentHost, assertPageMethod, isDevelopmentHost } from "./input-rules";

afterEach(() => vi.unstubAllEnvs());

describe("pages take GET and HEAD only", () => {
  it.each(["GET", "HEAD"])("%s goes through", (method) => {
    expect(() => assertPageMethod(method)).not.toThrow();
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "get"])("%s is 405 with Allow: GET, HEAD", (method) => {
    expect(() => assertPageMethod(method)).toThrow(AppError);
    try {
      assertPageMethod(method);
    } catch (error) {
      expect(error).toMatchObject({ code: "METHOD_NOT_ALLOWED", status: 405, allow: ["GET", "HEAD"] });
    }
  });
});

describe("in development, the server answers to its own names only (DNS rebinding)", () => {
  it.each(["app.localhost:3000", "localhost:3000", "127.0.0.1:3000", "[::1]:3000", "APP.LOCALHOST:3100", "localhost"])("%s is the app's own", (host) => {
    expect(isDevelopmentHost(host)).toBe(true);
  });

  it.each([
    "evil.example:3000",
    "app.localhost.evil.example:3000",
    "campus.localhost:4000",
    "localhost.:3000",
    "127.0.0.2:3000",
    "[::2]:3000",
    "localhost:3000@evil.example",
    "localhost:x",
    "",
  ])("%s is not", (host) => {
    expect(isDevelopmentHost(host)).toBe(false);
  });

  it("no Host at all is not", () => {
    expect(isDevelopmentHost(null)).toBe(false);
  });

  it("a foreign Host is 421 in development", () => {
    vi.stubEnv("NODE_ENV", "development");
    expect(() => assertDevelopmentHost(new Headers({ host: "rebound.example:3000" }))).toThrow(expect.objectContaining({ code: "MISDIRECTED_REQUEST", status: 421 }));
    expect(() => assertDevelopmentHost(new Headers({ host: "app.localhost:3000" }))).not.toThrow();
  });

  it("in production the deployment's proxy decides which names reach the app", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(() => assertDevelopmentHost(new Headers({ host: "app.example" }))).not.toThrow();
  });
});
