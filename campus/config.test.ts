import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCampusConfig, readRegistrationFile } from "./config";
import { CampusConfigError } from "./core/errors";
import { TEST_REGISTRATION } from "./test-support/test-campus";

function writeRegistration(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "campus-config-")), "registration.json");
  writeFileSync(file, content);
  return file;
}

describe("campus environment", () => {
  it("defaults to the values of .env.example", () => {
    expect(readCampusConfig({})).toEqual({
      port: 4000,
      hosts: ["127.0.0.1", "::1"],
      origin: "http://campus.localhost:4000",
      registrationPath: path.resolve("campus/registration.json"),
    });
  });

  it("listens on loopback only unless CAMPUS_HOST names an address", () => {
    expect(readCampusConfig({}).hosts).toEqual(["127.0.0.1", "::1"]);
    expect(readCampusConfig({ CAMPUS_HOST: "" }).hosts).toEqual(["127.0.0.1", "::1"]);
    expect(readCampusConfig({ CAMPUS_HOST: "0.0.0.0" }).hosts).toEqual(["0.0.0.0"]);
    expect(readCampusConfig({ CAMPUS_HOST: "::" }).hosts).toEqual(["::"]);
    expect(() => readCampusConfig({ CAMPUS_HOST: "not a host!" })).toThrow(/CAMPUS_HOST/);
  });

  it("treats an empty variable as unset", () => {
    expect(readCampusConfig({ CAMPUS_PORT: "" }).port).toBe(4000);
  });

  it("names the bad variable", () => {
    expect(() => readCampusConfig({ CAMPUS_PORT: "eighty" })).toThrow(/CAMPUS_PORT/);
    expect(() => readCampusConfig({ CAMPUS_ORIGIN: "campus" })).toThrow(/CAMPUS_ORIGIN/);
  });
});

describe("registration file", () => {
  it("reads the repository's registration", () => {
    const registration = readRegistrationFile(path.resolve("campus/registration.json"), "http://campus.localhost:4000");
    expect(registration.appOrigin).toBe("http://app.localhost:3000");
  });

  it("names a bad field", () => {
    const file = writeRegistration(JSON.stringify({ ...TEST_REGISTRATION, scopes: ["calls:control"] }));
    expect(() => readRegistrationFile(file, "http://campus.localhost:4000")).toThrow(/scopes: calls:control requires calls:read/);
  });

  it("names a missing field", () => {
    const { clientSecret: _secret, ...rest } = TEST_REGISTRATION;
    const file = writeRegistration(JSON.stringify(rest));
    expect(() => readRegistrationFile(file, "http://campus.localhost:4000")).toThrow(/clientSecret/);
  });

  it("says when the file is not JSON or missing", () => {
    expect(() => readRegistrationFile(writeRegistration("{"), "http://campus.localhost:4000")).toThrow(CampusConfigError);
    const missing = path.join(path.dirname(writeRegistration("{}")), "missing.json");
    expect(() => readRegistrationFile(missing, "http://campus.localhost:4000")).toThrow(/Cannot read/);
  });
});
