import { describe, expect, it } from "vitest";
import { randomToken } from "@/lib/security/random";
import { TEST_SECRET, sessionCredentialsFor } from "@/lib/testing/fixtures";
import { MAX_SESSION_COOKIES, clearSessionCookie, setSessionCookie } from "./cookie";
import { sealHandle, sessionCookieName } from "./handle";

/** A seal's shape as far as ordering reads it (`Fe26.2*id*salt*iv*data*expiration*salt*hmac~2`). */
const aSeal = (expiresAt: number) => `Fe26.2*1*s*iv*data*${expiresAt}*s*hmac~2`;

describe("the session cookie", () => {
  it("is __Host- prefixed, Secure, HttpOnly, SameSite=None, Partitioned and Path=/, with no Domain", () => {
    const [cookie] = setSessionCookie(sessionCredentialsFor("launch-1"), "sealed");
    expect(cookie).toMatch(/^__Host-app_session_[0-9a-f]{16}=sealed;/);
    for (const attribute of [/HttpOnly/i, /; Secure/i, /SameSite=None/i, /Partitioned/i, /Path=\//]) expect(cookie).toMatch(attribute);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it(`keeps at most ${MAX_SESSION_COOKIES} per browser: setting one expires the oldest others the request carried`, () => {
    const others = Array.from({ length: 10 }, (_, i) => ({ name: sessionCookieName(`launch-old-${i}`), value: aSeal(1_000 + i) }));
    const lines = setSessionCookie({ ...sessionCredentialsFor("launch-new"), sessionCookies: others }, "sealed");
    const expired = lines
      .filter((cookie) => /Max-Age=0/.test(cookie))
      .map((cookie) => cookie.split("=")[0]);
    // The newest MAX - 1 others stay; with the new one, the browser holds MAX.
    const kept = others.slice(-(MAX_SESSION_COOKIES - 1)).map((cookie) => cookie.name);
    expect(expired.sort()).toEqual(others.map((cookie) => cookie.name).filter((name) => !kept.includes(name)).sort());
    for (const cookie of lines.filter((line) => /Max-Age=0/.test(line))) expect(cookie).toMatch(/Partitioned/);
  });

  it("expires nothing while the browser is within the bound, and never the launch's own cookie", () => {
    const own = { name: sessionCookieName("launch-1"), value: aSeal(1) };
    const others = [own, ...[2, 3].map((i) => ({ name: sessionCookieName(`launch-${i}`), value: aSeal(i) }))];
    const lines = setSessionCookie({ ...sessionCredentialsFor("launch-1"), sessionCookies: others }, "sealed");
    expect(lines).toHaveLength(1);
  });

  it("is cleared with the same attributes, or the browser would keep it", () => {
    const lines = clearSessionCookie("launch-1");
    expect(lines[0]).toMatch(/Max-Age=0.*Partitioned|Partitioned.*Max-Age=0/);
  });

  // The browser side of the bound, launch after launch: the end-to-end tests show a real browser
  // honouring the expiries over more launches than the bound, this shows the jar stays bounded
  // however many follow (a login's response sets its cookie and expires the oldest others).
  it("60 launches in one browser keep at most the bound, the newest among them, and the Cookie header under 4 KB", async () => {
    const jar = new Map<string, string>();
    for (let launch = 1; launch <= 60; launch++) {
      const launchId = `launch-${launch}`;
      const sessionCookies = [...jar].map(([name, value]) => ({ name, value }));
      const lines = setSessionCookie({ ...sessionCredentialsFor(launchId), sessionCookies }, await sealHandle({ sid: randomToken(), launchId }, TEST_SECRET));
      for (const line of lines) {
        const pair = line.split(";")[0]!;
        const name = pair.slice(0, pair.indexOf("="));
        if (/Max-Age=0/.test(line)) jar.delete(name);
        else jar.set(name, pair.slice(name.length + 1));
      }
      expect(jar.size).toBeLessThanOrEqual(MAX_SESSION_COOKIES);
      expect(jar.has(sessionCookieName(launchId))).toBe(true);
      const header = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      expect(Buffer.byteLength(header)).toBeLessThan(4_096);
    }
  });
});
