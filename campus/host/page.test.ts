import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { IFRAME_PROTOCOL, IFRAME_PROTOCOL_VERSION } from "../../lib/contract";
import { createTestCampus, send } from "../test-support/test-campus";

const TEST_IDS = ["member-switcher", "app-frame", "app-loading", "call-prompts", "flow-toggle", "flow-inspector", "flow-list", "registration-panel", "consent-dialog", "launch-id", "current-member", "app-status"];

describe("the campus page (GET /)", () => {
  it("renders the header, frame, panels and consent dialog with their test IDs", async () => {
    const html = await (await send(createTestCampus(), "GET", "/")).text();
    for (const id of TEST_IDS) expect(html).toContain(`data-testid="${id}"`);
    expect(html).toMatch(/<iframe[^>]*name="app"[^>]*allow="camera; microphone; fullscreen"/);
    expect(html).not.toMatch(/<iframe[^>]*sandbox/);
    expect(html).toMatch(/<dialog[^>]*role="dialog"/);
  });

  it("frames only the registered app origin and runs only its own scripts", async () => {
    const response = await send(createTestCampus(), "GET", "/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-src http://app.test:3000");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("shows the registered app's icon beside its name, and allows images from the app origin", async () => {
    const response = await send(createTestCampus({ iconUrl: "http://app.test:3000/icon.svg" }), "GET", "/");
    expect(response.headers.get("Content-Security-Policy")).toContain("img-src 'self' data: http://app.test:3000;");
    expect(await response.text()).toMatch(/<img class="stage__icon" data-testid="app-icon" src="http:\/\/app.test:3000\/icon.svg" alt=""[^>]*><span class="stage__title" data-testid="app-name">/);
  });

  it("shows no icon for a registration without one", async () => {
    expect(await (await send(createTestCampus(), "GET", "/")).text()).not.toContain('data-testid="app-icon"');
  });

  it("hands the page the contract's protocol constants and the registration without its secret", async () => {
    const html = await (await send(createTestCampus(), "GET", "/")).text();
    const json = /<script type="application\/json" id="campus-config">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}";
    const config = JSON.parse(json) as Record<string, unknown>;
    expect(config).toMatchObject({ protocol: IFRAME_PROTOCOL, version: IFRAME_PROTOCOL_VERSION, member: { username: "ada" } });
    expect(html).not.toContain("test-app-secret");
  });
});

describe("the campus member is a first-party cookie", () => {
  it("defaults to the first seeded member and sets the cookie (Lax, HttpOnly)", async () => {
    const response = await send(createTestCampus(), "GET", "/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^campus_member=ada; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("?member= sets the cookie and redirects to /", async () => {
    const response = await send(createTestCampus(), "GET", "/?member=grace");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^campus_member=grace;/);
  });

  it("shows the member of the cookie, with every member in the switcher", async () => {
    const html = await (await send(createTestCampus(), "GET", "/", { member: "nobody_yet" })).text();
    expect(html).toContain('<option value="nobody_yet" selected>');
    for (const username of ["ada", "grace", "linus"]) expect(html).toContain(`<option value="${username}">`);
  });

  it("refuses an unknown member", async () => {
    expect((await send(createTestCampus(), "GET", "/?member=mallory")).status).toBe(400);
  });
});

describe("page assets and avatars", () => {
  it.each(["campus.js", "campus.css"])("serves %s", async (name) => {
    const response = await send(createTestCampus(), "GET", `/assets/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/(javascript|css)/);
  });

  it("serves the page script as one bundle, with the envelope and the consent dialog in it", async () => {
    const script = await (await send(createTestCampus(), "GET", "/assets/campus.js")).text();
    for (const id of ["consent-approve", "consent-deny"]) expect(script).toContain(`"${id}"`);
    expect(script).toContain("A request holds exactly protocol, version, id, method and params");
  });

  it("bundles the contract's own iframe schemas into the page script (the protocol is no page setting)", async () => {
    const script = await (await send(createTestCampus(), "GET", "/assets/campus.js")).text();
    expect(script).toContain(JSON.stringify(IFRAME_PROTOCOL));
  });

  it("sets zod jitless before the contract's schemas are built: the page's CSP allows no eval, not even zod's probe", async () => {
    const script = await (await send(createTestCampus(), "GET", "/assets/campus.js")).text();
    const jitless = script.search(/\.config\(\{\s*jitless:\s*(?:true|!0)\s*\}\)/);
    expect(jitless).toBeGreaterThan(-1);
    expect(jitless).toBeLessThan(script.indexOf(JSON.stringify(IFRAME_PROTOCOL)));
  });

  it("serves the page script minified, with a source map that leads back to the TypeScript", async () => {
    const campus = createTestCampus();
    const script = await (await send(campus, "GET", "/assets/campus.js")).text();
    // Unminified, it is about 450 kB.
    expect(script.length).toBeLessThan(300_000);
    expect(script.trimEnd().endsWith("//# sourceMappingURL=campus.js.map")).toBe(true);
    const map = await send(campus, "GET", "/assets/campus.js.map");
    expect(map.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(((await map.json()) as { sources: string[] }).sources).toContain("campus.ts");
  });

  it("serves no module of the page on its own, and no TypeScript source", async () => {
    const campus = createTestCampus();
    for (const name of ["envelope.js", "envelope.ts", "campus.ts", "dom.js"]) expect((await send(campus, "GET", `/assets/${name}`)).status).toBe(404);
  });

  it("sends a page asset in brotli, else gzip, by the request's Accept-Encoding, saying it varies by it", async () => {
    const campus = createTestCampus();
    const plain = await send(campus, "GET", "/assets/campus.js");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
    const text = await plain.text();
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [["gzip, deflate, br, zstd", "br"], ["gzip, deflate", "gzip"], ["br;q=0, gzip", "gzip"]] as const) {
      const response = await send(campus, "GET", "/assets/campus.js", { headers: { "Accept-Encoding": accept } });
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      expect(response.headers.get("Vary")).toBe("Accept-Encoding");
      expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeLessThan(text.length / 3);
      expect(decoders[encoding](bytes).toString()).toBe(text);
    }
  });

  it("sends the page itself and the REST API uncompressed", async () => {
    const campus = createTestCampus();
    for (const path of ["/", "/health"]) expect((await send(campus, "GET", path, { headers: { "Accept-Encoding": "br, gzip" } })).headers.get("Content-Encoding")).toBeNull();
  });

  it("serves generated avatars for members that have one", async () => {
    const campus = createTestCampus();
    expect((await send(campus, "GET", "/avatars/ada.svg")).headers.get("Content-Type")).toBe("image/svg+xml");
    expect((await send(campus, "GET", "/avatars/linus.svg")).status).toBe(404);
  });
});
