import { describe, expect, it } from "vitest";
import { isLoopbackUrl, parseEnv } from "./env";

const REMOTE = {
  CAMPUS_API_URL: "https://api.campus.example",
  CAMPUS_ORIGINS: "https://campus.example",
  CAMPUS_CLIENT_ID: "app",
  CAMPUS_CLIENT_SECRET: "secret",
  SESSION_SECRET: "x".repeat(32),
};

describe("environment", () => {
  it("with nothing set, runs against the local campus", () => {
    expect(parseEnv({})).toMatchObject({
      CAMPUS_API_URL: "http://127.0.0.1:4000",
      CAMPUS_ORIGINS: ["http://campus.localhost:4000"],
      CAMPUS_CLIENT_ID: "local-starter-app",
      CAMPUS_CLIENT_SECRET: "local-campus-secret-do-not-use-in-production",
    });
    expect(parseEnv({}).SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("treats an empty value as unset (as .env.example leaves SESSION_SECRET)", () => {
    expect(parseEnv({ SESSION_SECRET: "" }).SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("off loopback, requires the credentials and the session secret, naming each", () => {
    const parse = () => parseEnv({ CAMPUS_API_URL: "https://api.campus.example" });
    expect(parse).toThrow(/CAMPUS_CLIENT_ID: is required/);
    expect(parse).toThrow(/CAMPUS_CLIENT_SECRET: is required/);
    expect(parse).toThrow(/SESSION_SECRET: is required/);
  });

  it("accepts a complete remote configuration", () => {
    expect(parseEnv(REMOTE)).toMatchObject({ CAMPUS_ORIGINS: ["https://campus.example"], CAMPUS_CLIENT_ID: "app" });
  });

  it("requires a session secret of at least 32 characters", () => {
    expect(() => parseEnv({ ...REMOTE, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
  });

  it("never prints a secret's value", () => {
    expect(() => parseEnv({ ...REMOTE, SESSION_SECRET: "hunter2-short" })).toThrow(expect.not.objectContaining({ message: expect.stringContaining("hunter2") }));
  });

  it("reads CAMPUS_ORIGINS as a comma list of exact origins", () => {
    expect(parseEnv({ CAMPUS_ORIGINS: "https://a.example, https://b.example:8443" }).CAMPUS_ORIGINS).toEqual([
      "https://a.example",
      "https://b.example:8443",
    ]);
  });

  it("names an origin that is not one", () => {
    expect(() => parseEnv({ CAMPUS_ORIGINS: "https://a.example,https://b.example/path" })).toThrow(
      /CAMPUS_ORIGINS: "https:\/\/b\.example\/path" is not an origin/,
    );
    expect(() => parseEnv({ CAMPUS_ORIGINS: "campus.example" })).toThrow(/CAMPUS_ORIGINS/);
  });

  it("names a bad CAMPUS_API_URL", () => {
    expect(() => parseEnv({ CAMPUS_API_URL: "ftp://campus" })).toThrow(/CAMPUS_API_URL: must be an http\(s\) URL/);
  });

  it("REDIS_URL is optional: unset keeps the stores in this process", () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: " " }).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "redis://127.0.0.1:6390" }).REDIS_URL).toBe("redis://127.0.0.1:6390");
    expect(parseEnv({ REDIS_URL: "rediss://user:pw@cache.example:6380/2" }).REDIS_URL).toBe("rediss://user:pw@cache.example:6380/2");
  });

  it("names a REDIS_URL that is not a Redis URL, without printing it", () => {
    expect(() => parseEnv({ REDIS_URL: "http://:hunter2@cache.example" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => parseEnv({ REDIS_URL: "http://:hunter2@cache.example" })).toThrow(expect.not.objectContaining({ message: expect.stringContaining("hunter2") }));
    expect(() => parseEnv({ REDIS_URL: "127.0.0.1:6379" })).toThrow(/REDIS_URL/);
  });

  it("knows the loopback hosts: literal addresses of 127.0.0.0/8 and ::1 in any form, and localhost", () => {
    for (const url of ["http://127.0.0.1:4000", "http://127.20.0.9", "http://2130706433", "http://localhost:4000", "http://[::1]:4000", "redis://[0:0:0:0:0:0:0:1]:6379"]) {
      expect(isLoopbackUrl(url)).toBe(true);
    }
    // Node looks *.localhost names up in DNS like any other name.
    for (const url of ["https://campus.example", "http://campus.localhost", "redis://cache.localhost:6379", "http://localhost.", "http://localhost.example.com", "http://10.0.0.1", "http://[::2]"]) {
      expect(isLoopbackUrl(url)).toBe(false);
    }
  });
});

describe("production refuses development secrets, whatever the campus URL", () => {
  const LOCAL_EXAMPLES = {
    CAMPUS_CLIENT_ID: "local-starter-app",
    CAMPUS_CLIENT_SECRET: "local-campus-secret-do-not-use-in-production",
    SESSION_SECRET: "local-session-secret-for-development-only-never-in-production",
  };
  const OWN = { CAMPUS_CLIENT_ID: "my-app", CAMPUS_CLIENT_SECRET: "a-real-secret", SESSION_SECRET: "y".repeat(40) };

  it("with nothing set against the local campus, names each missing secret", () => {
    const parse = () => parseEnv({ NODE_ENV: "production" });
    for (const name of Object.keys(OWN)) expect(parse).toThrow(new RegExp(`${name}: is required in production`));
  });

  it.each(Object.keys(LOCAL_EXAMPLES))("refuses the example %s, on loopback and off it", (name) => {
    for (const url of ["http://127.0.0.1:4000", "https://api.campus.example"]) {
      const source = { ...OWN, CAMPUS_API_URL: url, NODE_ENV: "production", [name]: LOCAL_EXAMPLES[name as keyof typeof LOCAL_EXAMPLES] };
      expect(() => parseEnv(source)).toThrow(new RegExp(`${name}: is the development example`));
    }
  });

  it("accepts its own secrets against the local campus, named explicitly", () => {
    const local = { CAMPUS_API_URL: "http://127.0.0.1:4000", CAMPUS_ORIGINS: "http://campus.localhost:4000" };
    expect(parseEnv({ ...OWN, ...local, NODE_ENV: "production" })).toMatchObject({ CAMPUS_API_URL: "http://127.0.0.1:4000", CAMPUS_CLIENT_ID: "my-app" });
  });

  it("development keeps the defaults (npm run dev with no .env)", () => {
    expect(parseEnv({ NODE_ENV: "development" })).toMatchObject(LOCAL_EXAMPLES);
  });
});

describe("production reaches the campus and Redis over TLS, and names its campus itself", () => {
  const PRODUCTION = { ...REMOTE, NODE_ENV: "production" };

  it("accepts https campus URLs and a rediss:// Redis", () => {
    expect(parseEnv({ ...PRODUCTION, REDIS_URL: "rediss://:pw@cache.example:6380" })).toMatchObject({ CAMPUS_API_URL: "https://api.campus.example", REDIS_URL: "rediss://:pw@cache.example:6380" });
  });

  it.each(["CAMPUS_API_URL", "CAMPUS_ORIGINS"])("requires %s: no local-campus default in production", (name) => {
    expect(() => parseEnv({ ...PRODUCTION, [name]: undefined })).toThrow(new RegExp(`${name}: is required in production`));
    expect(() => parseEnv({ ...PRODUCTION, [name]: "" })).toThrow(new RegExp(`${name}: is required in production`));
  });

  it("refuses a plain http:// campus API and campus origin off loopback, naming the origin", () => {
    expect(() => parseEnv({ ...PRODUCTION, CAMPUS_API_URL: "http://api.campus.example" })).toThrow(/CAMPUS_API_URL: must be https:\/\/ in production/);
    expect(() => parseEnv({ ...PRODUCTION, CAMPUS_ORIGINS: "https://campus.example,http://other.example" })).toThrow(
      /CAMPUS_ORIGINS: "http:\/\/other\.example" must be https:\/\/ in production/,
    );
  });

  it("refuses redis:// to a host off loopback, without printing the URL", () => {
    const source = { ...PRODUCTION, REDIS_URL: "redis://:hunter2@cache.example:6379" };
    expect(() => parseEnv(source)).toThrow(/REDIS_URL: must be rediss:\/\/ \(TLS\) in production/);
    expect(() => parseEnv(source)).toThrow(expect.not.objectContaining({ message: expect.stringContaining("hunter2") }));
  });

  it("refuses plain text to a *.localhost name the server connects to: Node resolves it through DNS, not to loopback", () => {
    expect(() => parseEnv({ ...PRODUCTION, CAMPUS_API_URL: "http://api.localhost:4000" })).toThrow(/CAMPUS_API_URL: must be https:\/\/ in production/);
    expect(() => parseEnv({ ...PRODUCTION, REDIS_URL: "redis://:hunter2@cache.localhost:6379" })).toThrow(/REDIS_URL: must be rediss:\/\/ \(TLS\) in production/);
    expect(parseEnv({ ...PRODUCTION, CAMPUS_API_URL: "http://localhost:4000", REDIS_URL: "redis://[::1]:6379" })).toMatchObject({ REDIS_URL: "redis://[::1]:6379" });
  });

  it("keeps plain text on loopback: a production build run locally against the local campus and its own Redis", () => {
    const local = { ...PRODUCTION, CAMPUS_API_URL: "http://127.0.0.1:4120", CAMPUS_ORIGINS: "http://campus.localhost:4120", REDIS_URL: "redis://127.0.0.1:6420" };
    expect(parseEnv(local)).toMatchObject({ CAMPUS_API_URL: "http://127.0.0.1:4120", CAMPUS_ORIGINS: ["http://campus.localhost:4120"], REDIS_URL: "redis://127.0.0.1:6420" });
    expect(parseEnv({ ...local, REDIS_URL: "redis://localhost:6379" }).REDIS_URL).toBe("redis://localhost:6379");
  });

  it("outside production, plain text and the local defaults stay allowed", () => {
    expect(parseEnv({ ...REMOTE, CAMPUS_API_URL: "http://api.campus.example", REDIS_URL: "redis://cache.example:6379" })).toMatchObject({ REDIS_URL: "redis://cache.example:6379" });
  });
});

describe("rotating SESSION_SECRET", () => {
  it("SESSION_SECRET_PREVIOUS is optional, and read when set", () => {
    expect(parseEnv(REMOTE).SESSION_SECRET_PREVIOUS).toBeUndefined();
    expect(parseEnv({ ...REMOTE, SESSION_SECRET_PREVIOUS: "p".repeat(32) }).SESSION_SECRET_PREVIOUS).toBe("p".repeat(32));
  });

  it("holds SESSION_SECRET_PREVIOUS to the same length, without printing it", () => {
    expect(() => parseEnv({ ...REMOTE, SESSION_SECRET_PREVIOUS: "hunter2-short" })).toThrow(/SESSION_SECRET_PREVIOUS: must be at least 32 characters/);
    expect(() => parseEnv({ ...REMOTE, SESSION_SECRET_PREVIOUS: "hunter2-short" })).toThrow(expect.not.objectContaining({ message: expect.stringContaining("hunter2") }));
  });

  it("in production, refuses a previous secret that is the current one or the development example", () => {
    const production = { ...REMOTE, NODE_ENV: "production" };
    expect(() => parseEnv({ ...production, SESSION_SECRET_PREVIOUS: REMOTE.SESSION_SECRET })).toThrow(/SESSION_SECRET_PREVIOUS: is the same as SESSION_SECRET/);
    expect(() => parseEnv({ ...production, SESSION_SECRET_PREVIOUS: "local-session-secret-for-development-only-never-in-production" })).toThrow(
      /SESSION_SECRET_PREVIOUS: is the development example/,
    );
  });
});

describe("REDIS_KEY_PREFIX: two apps can share one Redis", () => {
  it("is app: unless set", () => {
    expect(parseEnv({}).REDIS_KEY_PREFIX).toBe("app:");
    expect(parseEnv({ REDIS_KEY_PREFIX: "polls:" }).REDIS_KEY_PREFIX).toBe("polls:");
  });

  it.each(["has space:", "glob*:", "x".repeat(65)])("refuses %j", (prefix) => {
    expect(() => parseEnv({ REDIS_KEY_PREFIX: prefix })).toThrow(/REDIS_KEY_PREFIX: must be 1 to 64 letters/);
  });
});

describe("Redis under Sentinel: REDIS_SENTINELS and its settings", () => {
  const SENTINEL = { REDIS_SENTINELS: "10.0.0.5:26379, [fd00::7]:26380,sentinel-3.internal:26379", REDIS_SENTINEL_NAME: "mymaster" };

  it("reads the sentinels, the primary's name and the passwords; TLS is off unless asked", () => {
    const env = parseEnv({ ...SENTINEL, REDIS_PASSWORD: "hunter2", REDIS_SENTINEL_PASSWORD: "s3cret", REDIS_USERNAME: "app" });
    expect(env.REDIS_SENTINEL).toEqual({
      sentinels: [
        { host: "10.0.0.5", port: 26379 },
        { host: "fd00::7", port: 26380 },
        { host: "sentinel-3.internal", port: 26379 },
      ],
      name: "mymaster",
      username: "app",
      password: "hunter2",
      sentinelPassword: "s3cret",
      tls: false,
    });
    expect(parseEnv({ ...SENTINEL, REDIS_TLS: "true" }).REDIS_SENTINEL?.tls).toBe(true);
    expect(parseEnv({}).REDIS_SENTINEL).toBeUndefined();
  });

  it.each([
    [{ ...SENTINEL, REDIS_SENTINELS: "10.0.0.5" }, /REDIS_SENTINELS: "10.0.0.5" is not host:port/],
    [{ ...SENTINEL, REDIS_SENTINELS: "10.0.0.5:99999" }, /REDIS_SENTINELS: "10.0.0.5:99999" is not host:port/],
    [{ ...SENTINEL, REDIS_SENTINELS: "fd00::7:26379" }, /IPv6 address in brackets/],
    [{ ...SENTINEL, REDIS_SENTINELS: " , " }, /REDIS_SENTINELS: must list at least one sentinel/],
    [{ REDIS_SENTINELS: "10.0.0.5:26379" }, /REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS/],
    [{ ...SENTINEL, REDIS_SENTINEL_NAME: "my master" }, /REDIS_SENTINEL_NAME: must be 1 to 64 letters/],
    [{ ...SENTINEL, REDIS_TLS: "maybe" }, /REDIS_TLS: must be true or false/],
    [{ ...SENTINEL, REDIS_URL: "redis://127.0.0.1:6379" }, /set either REDIS_URL .* or REDIS_SENTINELS .*, not both/],
    [{ REDIS_URL: "redis://127.0.0.1:6379", REDIS_PASSWORD: "hunter2" }, /REDIS_PASSWORD: is read only with REDIS_SENTINELS; with REDIS_URL, put it in the URL/],
    [{ REDIS_SENTINEL_NAME: "mymaster" }, /REDIS_SENTINEL_NAME: is read only with REDIS_SENTINELS/],
  ])("names a bad Sentinel setting: %o", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("never prints a password", () => {
    const attempt = () => parseEnv({ REDIS_SENTINELS: "nowhere", REDIS_PASSWORD: "hunter2", REDIS_SENTINEL_PASSWORD: "s3cret" });
    expect(attempt).toThrow(expect.not.objectContaining({ message: expect.stringMatching(/hunter2|s3cret/) }));
  });

  it("production needs REDIS_TLS unless every sentinel is on loopback", () => {
    const production = { ...REMOTE, NODE_ENV: "production" };
    expect(() => parseEnv({ ...production, ...SENTINEL })).toThrow(/REDIS_TLS: must be true in production with REDIS_SENTINELS/);
    expect(parseEnv({ ...production, ...SENTINEL, REDIS_TLS: "1" }).REDIS_SENTINEL?.tls).toBe(true);
    expect(parseEnv({ ...production, REDIS_SENTINELS: "127.0.0.1:26379,[::1]:26380", REDIS_SENTINEL_NAME: "mymaster" }).REDIS_SENTINEL?.tls).toBe(false);
  });
});
