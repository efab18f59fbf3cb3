import { describe, expect, it } from "vitest";
import { createCampus } from "../app";
import { createClock } from "../core/clock";
import { createTestCampus, readError, readJson, TEST_REGISTRATION, TEST_START_TIME, wireInit } from "../test-support/test-campus";
import type { Campus } from "../app";
import { listOwnHosts } from "./answer-own-hosts";

const REBOUND = "http://evil.example:4000";

/** A request as a browser on `origin` sends it: the URL's host is the `Host` it connects with. */
function requestAt(campus: Campus, origin: string, method: string, path: string, init: { json?: unknown; headers?: Record<string, string> } = {}) {
  const headers = { ...init.headers, ...(init.json === undefined ? {} : { "Content-Type": "application/json" }) };
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return Promise.resolve(campus.app.request(`${origin}${path}`, wireInit({ method, headers, body })));
}

describe("policy.ts: the campus answers only to its own names (DNS rebinding)", () => {
  it.each([
    ["the launches of the control API", "GET", "/control/launches"],
    ["the campus page", "GET", "/"],
    ["a page asset", "GET", "/assets/campus.js"],
    ["the request log", "GET", "/host/log"],
    ["the REST API", "GET", "/v1/apps/userinfo"],
    ["a tile URL", "GET", "/tiles/unknown"],
    ["an unknown path", "GET", "/nothing"],
  ])("refuses %s under a rebound name: 421 in the Error shape, private and no-store", async (_case, method, path) => {
    const response = await requestAt(createTestCampus(), REBOUND, method, path);
    expect(await readError(response)).toEqual({ status: 421, code: "MISDIRECTED_REQUEST" });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("changes nothing under a rebound name, even with the page's own member cookie", async () => {
    const campus = createTestCampus();
    const cookie = { Cookie: "campus_member=grace" };
    const saved = await requestAt(campus, REBOUND, "PUT", "/host/registration", { json: { scopes: [], published: false }, headers: cookie });
    expect(await readError(saved)).toEqual({ status: 421, code: "MISDIRECTED_REQUEST" });
    const launch = await requestAt(campus, REBOUND, "POST", "/host/launches", { json: { tabId: "tab-grace-1" }, headers: cookie });
    expect(await readError(launch)).toEqual({ status: 421, code: "MISDIRECTED_REQUEST" });
    const own = await readJson<{ generation: number; published: boolean }>(await requestAt(campus, campus.context.origin, "GET", "/host/registration"));
    expect(own).toMatchObject({ generation: 1, published: true });
    expect(await readJson(await requestAt(campus, campus.context.origin, "GET", "/control/launches"))).toEqual({ launches: [] });
  });

  it("refuses before reading a body (one that never ends is answered)", async () => {
    const never = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => undefined) });
    const response = await createTestCampus().app.request(`${REBOUND}/v1/apps/token`, wireInit({ method: "POST", headers: { "Content-Type": "application/json" }, body: never }));
    expect(await readError(response)).toEqual({ status: 421, code: "MISDIRECTED_REQUEST" });
    expect(response.headers.get("Connection")).toBe("close");
  });

  it.each([
    ["its origin's host", "http://campus.localhost:4000"],
    ["its origin's host in capitals", "http://CAMPUS.LOCALHOST:4000"],
    ["localhost on its port", "http://localhost:4000"],
    ["127.0.0.1 on its port", "http://127.0.0.1:4000"],
    ["[::1] on its port", "http://[::1]:4000"],
  ])("answers %s", async (_case, origin) => {
    expect((await requestAt(createTestCampus(), origin, "GET", "/control/launches")).status).toBe(200);
  });

  it.each([
    ["loopback on another port", "http://127.0.0.1:4001"],
    ["loopback without its port", "http://localhost"],
    ["a subdomain of its name", "http://x.campus.localhost:4000"],
    ["its name on another port", "http://campus.localhost:4001"],
  ])("refuses %s", async (_case, origin) => {
    expect(await readError(await requestAt(createTestCampus(), origin, "GET", "/control/launches"))).toEqual({ status: 421, code: "MISDIRECTED_REQUEST" });
  });

  it("answers the health check under any name, and nothing else there", async () => {
    const campus = createTestCampus();
    const elsewhere = "http://elsewhere.localhost:4000";
    expect(await readJson(await requestAt(campus, elsewhere, "GET", "/health"))).toEqual({ ok: true });
    expect((await requestAt(campus, elsewhere, "POST", "/health", { json: {} })).status).toBe(421);
    expect((await requestAt(campus, elsewhere, "GET", "/health/x")).status).toBe(421);
    expect((await requestAt(campus, elsewhere, "GET", "/control/clock")).status).toBe(421);
  });

  it("answers the address it listens on and the port it listens on, not the origin's port on loopback", async () => {
    const campus = createCampus({
      origin: "http://campus.example",
      registration: TEST_REGISTRATION,
      clock: createClock(() => TEST_START_TIME),
      listen: { port: 4500, hosts: ["192.168.1.20"] },
    });
    for (const origin of ["http://campus.example", "http://192.168.1.20:4500", "http://localhost:4500"]) {
      expect((await requestAt(campus, origin, "GET", "/control/clock")).status).toBe(200);
    }
    for (const origin of ["http://localhost", "http://192.168.1.20", "http://campus.example:4500"]) {
      expect((await requestAt(campus, origin, "GET", "/control/clock")).status).toBe(421);
    }
  });
});

describe("listOwnHosts", () => {
  it("names the origin's host, the loopback names and the listening address on the listening port", () => {
    expect(listOwnHosts("http://campus.localhost:4000", { port: 4000, hosts: ["127.0.0.1", "::1"] })).toEqual(
      new Set(["campus.localhost:4000", "localhost:4000", "127.0.0.1:4000", "[::1]:4000"]),
    );
    expect(listOwnHosts("http://campus.localhost:4000", { port: 4000, hosts: ["campus-box"] })).toContain("campus-box:4000");
    expect(listOwnHosts("http://campus.localhost:4000", { port: 4000, hosts: ["fd00::5"] })).toContain("[fd00::5]:4000");
  });

  it("takes no wildcard address as a name", () => {
    const hosts = listOwnHosts("http://campus.localhost:4000", { port: 4000, hosts: ["0.0.0.0"] });
    expect(hosts).not.toContain("0.0.0.0:4000");
    expect(listOwnHosts("http://campus.localhost:4000", { port: 4000, hosts: ["::"] })).not.toContain("[::]:4000");
  });

  it("leaves out the default port, as a request URL does", () => {
    expect(listOwnHosts("http://campus.example", { port: 80, hosts: [] })).toEqual(new Set(["campus.example", "localhost", "127.0.0.1", "[::1]"]));
  });
});
