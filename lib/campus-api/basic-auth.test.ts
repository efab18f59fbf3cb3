import { describe, expect, it } from "vitest";
import { basicAuthorization } from "./basic-auth";

const decode = (header: string) => Buffer.from(header.replace(/^Basic /, ""), "base64").toString("utf8");

describe("spec 5.1: client credentials (RFC 6749 2.3.1)", () => {
  it("is base64 of id:secret", () => {
    expect(basicAuthorization("local-starter-app", "s3cret")).toBe(`Basic ${Buffer.from("local-starter-app:s3cret").toString("base64")}`);
  });

  it("form-urlencodes each part first, so a colon or space cannot shift the split", () => {
    expect(decode(basicAuthorization("app:one", "p@ss word/+=&:é"))).toBe("app%3Aone:p%40ss+word%2F%2B%3D%26%3A%C3%A9");
  });

  it("leaves unreserved characters as they are", () => {
    expect(decode(basicAuthorization("a-b_c.d*", "X-y_z.9"))).toBe("a-b_c.d*:X-y_z.9");
  });
});
