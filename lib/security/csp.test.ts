import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy, createNonce } from "./csp";

const ORIGINS = ["http://campus.localhost:4000", "https://campus.example"];

function directives(policy: string): Map<string, string> {
  return new Map(policy.split("; ").map((directive) => {
    const [name = "", ...values] = directive.split(" ");
    return [name, values.join(" ")];
  }));
}

describe("the page's Content-Security-Policy", () => {
  const policy = directives(buildContentSecurityPolicy({ nonce: "abc123", campusOrigins: ORIGINS, isDevelopment: false }));

  it("spec 5.7: lets the host origins, and only them, frame the app", () => {
    expect(policy.get("frame-ancestors")).toBe(ORIGINS.join(" "));
  });

  it("spec 4.10: lets the campus origins serve tiles", () => {
    expect(policy.get("frame-src")).toBe(ORIGINS.join(" "));
  });

  it("runs only nonced scripts, without eval in production", () => {
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123' 'strict-dynamic'");
  });

  it("allows eval in development only", () => {
    const dev = directives(buildContentSecurityPolicy({ nonce: "n", campusOrigins: ORIGINS, isDevelopment: true }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
  });

  it("locks down everything else", () => {
    expect(policy.get("default-src")).toBe("'self'");
    expect(policy.get("connect-src")).toBe("'self'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'self'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("style-src")).toBe("'self' 'unsafe-inline'");
    expect(policy.get("img-src")).toBe(`'self' data: blob: ${ORIGINS.join(" ")}`);
  });

  it("with no origins, allows no framing at all", () => {
    const none = directives(buildContentSecurityPolicy({ nonce: "n", campusOrigins: [], isDevelopment: false }));
    expect(none.get("frame-ancestors")).toBe("'none'");
  });
});

describe("the nonce", () => {
  it("is 16 random bytes in base64, new every time", () => {
    const nonce = createNonce();
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(createNonce()).not.toBe(nonce);
  });
});
