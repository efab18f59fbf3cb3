import { describe, expect, it } from "vitest";
import { DEBIAN, fakeMachine } from "./fake-machine.ts";
import { preflight, selectedEngines, type Stage } from "./preflight.ts";

// The stages of scripts/test.mjs and what each needs.
const STAGES: Stage[] = [
  { name: "build" },
  { name: "dev", needs: ["chromium"] },
  { name: "chromium", needs: ["chromium"] },
  { name: "unit", needs: ["redis-server", "openssl"] },
  { name: "types" },
  { name: "shared-store", needs: ["chromium", "redis-server"] },
  { name: "firefox", needs: ["firefox"] },
  { name: "webkit", needs: ["webkit"] },
];

const WITHOUT_WEBKIT = DEBIAN.filter((file) => !file.includes("WebKitWebDriver"));

describe("npm test's preflight", () => {
  it("lists each need with where it was found, and goes on", () => {
    const plan = preflight(fakeMachine("linux", DEBIAN), STAGES, []);
    expect(plan.go).toBe(true);
    expect(plan.skipped.size).toBe(0);
    expect(plan.lines).toEqual([
      "npm test needs:",
      "  chromium      found     /usr/lib/chromium/chromium-headless-shell (the system)",
      "  firefox       found     /usr/bin/firefox-esr (the system)",
      "  webkit        found     /usr/bin/WebKitWebDriver (the system), starting /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser, under /usr/bin/xvfb-run",
      "  redis-server  found     /usr/bin/redis-server (the system)",
      "  openssl       found     /usr/bin/openssl (the system)",
    ]);
  });

  it("stops when an engine is missing, with the lines that install it and the way to run the others", () => {
    const plan = preflight(fakeMachine("linux", WITHOUT_WEBKIT), STAGES, []);
    expect(plan.go).toBe(false);
    const text = plan.lines.join("\n");
    expect(text).toContain("  webkit        MISSING   no WebKitWebDriver found");
    expect(text).toContain("npm test stops here: webkit is missing. To install:");
    expect(text).toContain("  webkit, for the stage webkit:");
    expect(text).toContain("Debian, Ubuntu  sudo apt-get install webkit2gtk-driver xvfb");
    expect(text).toContain("macOS           none: run the WebKit stage with npm run test:container");
    expect(text).toContain("npm test -- --only chromium,firefox    (or TEST_ENGINES=chromium,firefox npm test)");
    expect(text).not.toContain("firefox-esr\n"); // only what is missing gets install lines
  });

  it("runs the engines the user names and skips, by name and reason, the stages of the others", () => {
    for (const plan of [
      preflight(fakeMachine("linux", WITHOUT_WEBKIT), STAGES, ["--only", "chromium,firefox"]),
      preflight(fakeMachine("linux", WITHOUT_WEBKIT), STAGES, ["--only=chromium,firefox"]),
      preflight(fakeMachine("linux", WITHOUT_WEBKIT, { env: { TEST_ENGINES: "chromium,firefox" } }), STAGES, []),
    ]) {
      expect(plan.go).toBe(true);
      expect([...plan.skipped]).toEqual([["webkit", "needs webkit, left out by --only chromium,firefox"]]);
      expect(plan.lines).toContain("  webkit        left out  no WebKitWebDriver found");
    }
    const firefoxOnly = preflight(fakeMachine("linux", DEBIAN), STAGES, ["--only", "firefox"]);
    expect([...firefoxOnly.skipped.keys()]).toEqual(["dev", "chromium", "shared-store", "webkit"]);
  });

  it("stops when an engine the user names is missing, or when redis-server is, which --only cannot leave out", () => {
    expect(preflight(fakeMachine("linux", WITHOUT_WEBKIT), STAGES, ["--only", "webkit"]).go).toBe(false);
    const noRedis = preflight(fakeMachine("linux", DEBIAN.filter((file) => !file.endsWith("redis-server"))), STAGES, ["--only", "chromium"]);
    expect(noRedis.go).toBe(false);
    expect(noRedis.lines.join("\n")).toContain("  redis-server, for the stages unit, shared-store:\n    Debian, Ubuntu  sudo apt-get install redis-server\n    macOS           brew install redis");
  });

  it("on macOS, stops at WebKit with the reason, and runs the rest with --only", () => {
    const mac = ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Firefox.app/Contents/MacOS/firefox", "/usr/bin/safaridriver", "/opt/homebrew/bin/redis-server", "/usr/bin/openssl"];
    const plan = preflight(fakeMachine("darwin", mac), STAGES, []);
    expect(plan.go).toBe(false);
    expect(plan.lines.join("\n")).toMatch(/webkit {8}MISSING {3}the WebKit run drives WebKitGTK, a Linux build/);
    expect(preflight(fakeMachine("darwin", mac), STAGES, ["--only", "chromium,firefox"]).go).toBe(true);
  });
});

describe("the engines the user names", () => {
  it("are all when none are named; the argument wins over TEST_ENGINES", () => {
    expect(selectedEngines([], {})).toBeUndefined();
    expect(selectedEngines(["--only", "webkit"], { TEST_ENGINES: "firefox" })).toEqual(["webkit"]);
  });

  it("refuse unknown engines and arguments, and an empty list", () => {
    expect(selectedEngines(["--only", "chromium,safari"], {})).toBe("--only and TEST_ENGINES take engines among chromium, firefox, webkit (not safari)");
    expect(selectedEngines(["--only", ""], {})).toMatch(/^--only and TEST_ENGINES take engines among/);
    expect(selectedEngines(["--headed"], {})).toMatch(/^npm test takes no argument but --only <engines>/);
  });
});
