import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { NEEDS_REDIS, REDIS_URL } from "@/lib/testing/redis";
import { assertRedisVersion } from "@/lib/redis/version";

const reporting = (version: string) => ({ info: async () => `# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\n` });

describe("the Redis server's version, checked at connect", () => {
  it.each(["5.0.14", "6.0.20", "6.1.9"])("refuses %s, older than the commands the stores use, naming both versions", async (version) => {
    await expect(assertRedisVersion(reporting(version))).rejects.toThrow(`REDIS_URL: the server runs Redis ${version}; this app needs 6.2.0 or newer`);
  });

  it.each(["6.2.0", "6.2.14", "7.0.15", "8.0.2", "10.0.0"])("accepts %s", async (version) => {
    await expect(assertRedisVersion(reporting(version))).resolves.toBe(version);
  });

  it("refuses a server that reports no version", async () => {
    await expect(assertRedisVersion({ info: async () => "# Server\r\n" })).rejects.toThrow(/REDIS_URL: the server did not report/);
  });

  it.skipIf(!REDIS_URL)(`accepts the test server ${NEEDS_REDIS}`, async () => {
    const redis = new Redis(REDIS_URL ?? "");
    try {
      await expect(assertRedisVersion(redis)).resolves.toMatch(/^\d+\.\d+/);
    } finally {
      redis.disconnect();
    }
  });
});
