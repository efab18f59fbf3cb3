import { describe, expect, it } from "vitest";
import { basicAuthorization } from "./basic-auth";

const decode = (header: string) => Buffer.from(header.replace(/^Basic /, ""), "base64").toString("utf8");

describe("spec 5.1: client credentials are base64 of clientId:clientSecret, literally", () => {
  it("is base64 of id:secret", () => {
    expect(basicAuthorization("local-starter-app", "s3cret")).toBe(`Basic ${Buffer.from("local-starter-app:s3cret").toString("base64")}`);
  });

  it("encodes nothing before base64, so a secret with + / = : % arrives as issued", () => {
    const secret = "a+b/c=d:e%2Bf%zz é";
    expect(decode(basicAuthorization("local-starter-app", secret))).toBe(`local-starter-app:${secret}`);
  });

  it("refuses a client ID with a colon, which would shift the split", () => {
    expect(() => basicAuthorization("app:one", "secret")).toThrow(/colon/);
  });
});
