import { describe, expect, it } from "vitest";
import {
  authenticateRequestSchema,
  authenticateResultSchema,
  errorBodySchema,
  memberSchema,
  readyRequestSchema,
  registrationScopesSchema,
  scopeListSchema,
  tokenRequestSchema,
  tokenSchema,
} from ".";

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe("spec 2, Scope", () => {
  it("knows exactly the four scopes", () => {
    expect(accepts(scopeListSchema, ["profile:read", "birthdate:read", "calls:read", "calls:control"])).toBe(true);
    expect(accepts(scopeListSchema, ["profile:write"])).toBe(false);
  });
  it("holds unique items", () => {
    expect(accepts(scopeListSchema, ["profile:read", "profile:read"])).toBe(false);
  });
  it("calls:control requires calls:read", () => {
    expect(accepts(registrationScopesSchema, ["calls:control"])).toBe(false);
    expect(accepts(registrationScopesSchema, ["calls:read", "calls:control"])).toBe(true);
    expect(accepts(registrationScopesSchema, [])).toBe(true);
  });
});

describe("spec 2, Token", () => {
  const token = { access_token: "opaque", token_type: "Bearer", expires_in: 900, scopes: ["profile:read"] };
  it("accepts the four required fields", () => expect(accepts(tokenSchema, token)).toBe(true));
  it.each(["access_token", "token_type", "expires_in", "scopes"])("requires %s", (field) => {
    const { [field as keyof typeof token]: _dropped, ...rest } = token;
    expect(accepts(tokenSchema, rest)).toBe(false);
  });
  it("has no additional fields", () => expect(accepts(tokenSchema, { ...token, refresh_token: "x" })).toBe(false));
  it("token_type is always Bearer", () => expect(accepts(tokenSchema, { ...token, token_type: "bearer" })).toBe(false));
  it("expires_in is always 900", () => expect(accepts(tokenSchema, { ...token, expires_in: 3600 })).toBe(false));
  it("access_token has at least one character", () => expect(accepts(tokenSchema, { ...token, access_token: "" })).toBe(false));
  it("scopes are unique", () => expect(accepts(tokenSchema, { ...token, scopes: ["calls:read", "calls:read"] })).toBe(false));
});

describe("spec 4.1, the token-exchange body", () => {
  it("is { code } with 1 to 128 characters", () => {
    expect(accepts(tokenRequestSchema, { code: "c" })).toBe(true);
    expect(accepts(tokenRequestSchema, { code: "c".repeat(128) })).toBe(true);
    expect(accepts(tokenRequestSchema, { code: "" })).toBe(false);
    expect(accepts(tokenRequestSchema, { code: "c".repeat(129) })).toBe(false);
  });
  it("carries only the code", () => expect(accepts(tokenRequestSchema, { code: "c", state: "s" })).toBe(false));
});

describe("spec 2, Member", () => {
  const member = { userId: "usr_1", scopes: [] };
  it("needs only userId and scopes (an empty array when none)", () => expect(accepts(memberSchema, member)).toBe(true));
  it("requires a userId of at least one character", () => expect(accepts(memberSchema, { ...member, userId: "" })).toBe(false));
  it("takes a username of 3 to 30 lowercase letters, digits or underscores", () => {
    for (const username of ["ada", "a_b_9", "x".repeat(30)]) expect(accepts(memberSchema, { ...member, username })).toBe(true);
    for (const username of ["ab", "Ada", "a-b", "x".repeat(31)]) expect(accepts(memberSchema, { ...member, username })).toBe(false);
  });
  it("lets name, country and birthdate be null", () => {
    expect(accepts(memberSchema, { ...member, username: "ada", name: null, countryCode: null, birthdate: null })).toBe(true);
  });
  it("takes a birthdate as YYYY-MM-DD", () => {
    expect(accepts(memberSchema, { ...member, birthdate: "1815-12-10" })).toBe(true);
    expect(accepts(memberSchema, { ...member, birthdate: "10/12/1815" })).toBe(false);
  });
  it("has no additional fields", () => expect(accepts(memberSchema, { ...member, email: "a@b.c" })).toBe(false));
});

describe("spec 2, Error", () => {
  it("is { error: { code, message } } and nothing else", () => {
    expect(accepts(errorBodySchema, { error: { code: "FORBIDDEN", message: "no" } })).toBe(true);
    expect(accepts(errorBodySchema, { error: { code: "FORBIDDEN" } })).toBe(false);
    expect(accepts(errorBodySchema, { error: { code: "FORBIDDEN", message: "no", stack: "…" } })).toBe(false);
    expect(accepts(errorBodySchema, { error: { code: "FORBIDDEN", message: "no" }, status: 403 })).toBe(false);
  });
});

describe("spec 6, the iframe messages (envelope: docs/assumptions.md)", () => {
  const envelope = { protocol: "campus.hosted-app", version: 2, id: "1" };
  it("ready has empty params", () => {
    expect(accepts(readyRequestSchema, { ...envelope, method: "ready", params: {} })).toBe(true);
    expect(accepts(readyRequestSchema, { ...envelope, method: "ready", params: { launchId: "x" } })).toBe(false);
  });
  it("authenticate is version 2 with { launchId, state }", () => {
    const params = { launchId: "l", state: "s" };
    expect(accepts(authenticateRequestSchema, { ...envelope, method: "authenticate", params })).toBe(true);
    expect(accepts(authenticateRequestSchema, { ...envelope, version: 1, method: "authenticate", params })).toBe(false);
    expect(accepts(authenticateRequestSchema, { ...envelope, method: "authenticate", params: { launchId: "l" } })).toBe(false);
  });
  it("the authenticate reply holds only code, expiresIn and state", () => {
    expect(accepts(authenticateResultSchema, { code: "c", expiresIn: 60, state: "s" })).toBe(true);
    expect(accepts(authenticateResultSchema, { code: "c", expiresIn: 60, state: "s", userId: "u" })).toBe(false);
  });
});
