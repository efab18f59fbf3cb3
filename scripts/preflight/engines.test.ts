import { describe, expect, it } from "vitest";
import { resolveChromium } from "./chromium.ts";
import { DEBIAN, fakeMachine, UBUNTU_SNAP_WRAPPER } from "./fake-machine.ts";
import { resolveFirefox } from "./firefox.ts";
import { resolveRedisServer } from "./redis.ts";
import { resolveMiniBrowser, resolveWebKit } from "./webkit.ts";


// `npx playwright install chromium` on Linux, two revisions.
const PLAYWRIGHT_LINUX = [
  "~/.cache/ms-playwright/chromium-1200/chrome-linux64/chrome",
  "~/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome",
  "~/.cache/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-linux64/chrome-headless-shell",
];

// Ubuntu with its own chromium and firefox packages: wrappers in /usr/bin that run the snaps.
const UBUNTU_SNAPS = { "/usr/bin/chromium-browser": UBUNTU_SNAP_WRAPPER, "/usr/bin/firefox": UBUNTU_SNAP_WRAPPER.replaceAll("chromium", "firefox") };
const UBUNTU = ["/snap/bin/chromium", "/snap/bin/firefox", "/usr/bin/WebKitWebDriver", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/bin/xvfb-run", "/usr/bin/redis-server"];
const UBUNTU_PATH = { PATH: "/usr/local/bin:/usr/bin:/bin:/snap/bin" };

describe("on Debian, the packages' programs", () => {
  const debian = fakeMachine("linux", DEBIAN);

  it("drives Chromium's headless shell itself, not the script on PATH, and the full browser when asked", () => {
    expect(resolveChromium(debian, "headless-shell")).toEqual({ path: "/usr/lib/chromium/chromium-headless-shell", from: "the system" });
    expect(resolveChromium(debian, "browser").path).toBe("/usr/bin/chromium");
  });

  it("finds Firefox ESR, WebKitGTK's driver with its MiniBrowser under xvfb-run, and redis-server", () => {
    expect(resolveFirefox(debian).path).toBe("/usr/bin/firefox-esr");
    expect(resolveWebKit(debian)).toEqual({
      path: "/usr/bin/WebKitWebDriver",
      from: "the system",
      browser: "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
      xvfbRun: "/usr/bin/xvfb-run",
    });
    expect(resolveRedisServer(debian).path).toBe("/usr/bin/redis-server");
  });

  it("finds them where the packages put them when PATH leaves /usr/bin out", () => {
    const bare = fakeMachine("linux", DEBIAN, { env: { PATH: "/usr/local/bin" } });
    expect(resolveFirefox(bare).path).toBe("/usr/bin/firefox-esr");
    expect(resolveWebKit(bare).path).toBe("/usr/bin/WebKitWebDriver");
    expect(resolveRedisServer(bare).path).toBe("/usr/bin/redis-server");
  });

  it("takes Playwright's installed Chromium, newest revision, over the system's", () => {
    const both = fakeMachine("linux", [...DEBIAN, ...PLAYWRIGHT_LINUX]);
    expect(resolveChromium(both, "browser")).toEqual({ path: "/home/ada/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome", from: "Playwright's browsers" });
    expect(resolveChromium(both, "headless-shell").path).toBe("/home/ada/.cache/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-linux64/chrome-headless-shell");
  });

  it("looks for Playwright's browsers where PLAYWRIGHT_BROWSERS_PATH or XDG_CACHE_HOME puts them", () => {
    const moved = fakeMachine("linux", ["/opt/pw/chromium-1255/chrome-linux64/chrome", "/cache/ms-playwright/chromium-1300/chrome-linux64/chrome"], { env: { PLAYWRIGHT_BROWSERS_PATH: "/opt/pw" } });
    expect(resolveChromium(moved, "browser").path).toBe("/opt/pw/chromium-1255/chrome-linux64/chrome");
    const xdg = fakeMachine("linux", ["/cache/ms-playwright/chromium-1300/chrome-linux64/chrome"], { env: { XDG_CACHE_HOME: "/cache" } });
    expect(resolveChromium(xdg, "browser").path).toBe("/cache/ms-playwright/chromium-1300/chrome-linux64/chrome");
  });
});

describe("the user's variables come first", () => {
  it("takes CHROMIUM_PATH, FIREFOX_PATH and WEBKIT_DRIVER_PATH over anything found", () => {
    const own = fakeMachine("linux", [...DEBIAN, ...PLAYWRIGHT_LINUX, "/opt/c/chrome", "/opt/f/firefox", "/opt/w/driver"], {
      env: { CHROMIUM_PATH: "/opt/c/chrome", FIREFOX_PATH: "/opt/f/firefox", WEBKIT_DRIVER_PATH: "/opt/w/driver" },
    });
    expect(resolveChromium(own, "headless-shell")).toEqual({ path: "/opt/c/chrome", from: "CHROMIUM_PATH" });
    expect(resolveFirefox(own)).toEqual({ path: "/opt/f/firefox", from: "FIREFOX_PATH" });
    expect(resolveWebKit(own).path).toBe("/opt/w/driver");
  });

  it("says a variable names a missing file rather than pass it over for another program", () => {
    const wrong = fakeMachine("linux", DEBIAN, { env: { CHROMIUM_PATH: "/nope/chrome", WEBKIT_DRIVER_PATH: "/nonexistent", WEBKIT_BROWSER_PATH: "/nope/MiniBrowser" } });
    expect(resolveChromium(wrong, "browser")).toEqual({ why: "CHROMIUM_PATH points at a missing file: /nope/chrome" });
    expect(resolveWebKit(wrong)).toEqual({ why: "WEBKIT_DRIVER_PATH points at a missing file: /nonexistent" });
    expect(resolveMiniBrowser(wrong)).toEqual({ why: "WEBKIT_BROWSER_PATH points at a missing file: /nope/MiniBrowser" });
  });
});

describe("on Ubuntu, whose chromium and firefox packages are wrappers for snaps", () => {
  it("passes over the snaps and says so when nothing else is there", () => {
    const ubuntu = fakeMachine("linux", UBUNTU, { env: UBUNTU_PATH, scripts: UBUNTU_SNAPS });
    const chromium = resolveChromium(ubuntu, "headless-shell");
    expect(chromium.path).toBeUndefined();
    expect(chromium.why).toMatch(/^no Chromium or Google Chrome found \(passed over \/snap\/bin\/chromium, \/usr\/bin\/chromium-browser: Ubuntu's wrapper for a snap/);
    expect(resolveFirefox(ubuntu).why).toMatch(/^no Firefox found \(passed over \/usr\/bin\/firefox: Ubuntu's wrapper for a snap/);
  });

  it("takes Playwright's Chromium, and Firefox from Mozilla's own package", () => {
    const ubuntu = fakeMachine("linux", [...UBUNTU, ...PLAYWRIGHT_LINUX, "/usr/bin/firefox-esr"], { env: UBUNTU_PATH, scripts: UBUNTU_SNAPS });
    expect(resolveChromium(ubuntu, "headless-shell").path).toMatch(/ms-playwright\/chromium_headless_shell-1255\//);
    expect(resolveChromium(ubuntu, "browser").path).toMatch(/ms-playwright\/chromium-1255\//);
    expect(resolveFirefox(ubuntu).path).toBe("/usr/bin/firefox-esr");
  });

  it("takes Google Chrome's own package", () => {
    const ubuntu = fakeMachine("linux", [...UBUNTU, "/usr/bin/google-chrome"], { env: UBUNTU_PATH, scripts: UBUNTU_SNAPS });
    expect(resolveChromium(ubuntu, "headless-shell").path).toBe("/usr/bin/google-chrome");
  });
});

describe("on macOS", () => {
  const PLAYWRIGHT_MAC = [
    "~/Library/Caches/ms-playwright/chromium-1255/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
    "~/Library/Caches/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-mac-arm64/chrome-headless-shell",
  ];
  const APPS = ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Firefox.app/Contents/MacOS/firefox", "/usr/bin/safaridriver"];

  it("takes Playwright's Chromium from the user's Library caches, else Chromium's or Google Chrome's app", () => {
    const mac = fakeMachine("darwin", [...PLAYWRIGHT_MAC, ...APPS]);
    expect(resolveChromium(mac, "headless-shell").path).toBe(
      "/Users/ada/Library/Caches/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-mac-arm64/chrome-headless-shell",
    );
    expect(resolveChromium(mac, "browser").path).toMatch(/ms-playwright\/chromium-1255\/chrome-mac-arm64\/Google Chrome for Testing\.app/);
    expect(resolveChromium(fakeMachine("darwin", APPS), "headless-shell").path).toBe("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome");
    const chromiumApp = fakeMachine("darwin", [...APPS, "~/Applications/Chromium.app/Contents/MacOS/Chromium"]);
    expect(resolveChromium(chromiumApp, "browser").path).toBe("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome");
  });

  it("finds Firefox's app, and Homebrew's redis-server off PATH (Apple silicon, then Intel)", () => {
    expect(resolveFirefox(fakeMachine("darwin", APPS)).path).toBe("/Applications/Firefox.app/Contents/MacOS/firefox");
    expect(resolveFirefox(fakeMachine("darwin", ["/usr/bin/safaridriver"])).why).toBe("no Firefox found");
    const bare = { env: { PATH: "/usr/bin:/bin" } };
    expect(resolveRedisServer(fakeMachine("darwin", ["/opt/homebrew/bin/redis-server"], bare)).path).toBe("/opt/homebrew/bin/redis-server");
    expect(resolveRedisServer(fakeMachine("darwin", ["/usr/local/bin/redis-server"], bare)).path).toBe("/usr/local/bin/redis-server");
    expect(resolveRedisServer(fakeMachine("darwin", [], bare)).why).toBe("no redis-server found");
  });

  it("has no WebKit run: Safari's safaridriver cannot stand in for WebKitGTK's, and the reason says why", () => {
    const why = resolveWebKit(fakeMachine("darwin", APPS)).why;
    expect(why).toMatch(/WebKitGTK, a Linux build; \/usr\/bin\/safaridriver is there, but Safari's safaridriver holds one WebDriver session/);
    expect(resolveWebKit(fakeMachine("darwin", [])).why).not.toMatch(/is there/);
  });
});

describe("the WebKit run's browser and display on Linux", () => {
  it("finds MiniBrowser in a multiarch libdir (Debian), in libexec (Fedora) or in lib (Arch), the newest API first", () => {
    const libdirs = ["/usr/lib", "/usr/libexec"];
    const debian = fakeMachine("linux", ["/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser"]);
    expect(resolveMiniBrowser(debian, libdirs).path).toBe("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser");
    expect(resolveMiniBrowser(fakeMachine("linux", ["/usr/libexec/webkit2gtk-4.1/MiniBrowser"]), libdirs).path).toBe("/usr/libexec/webkit2gtk-4.1/MiniBrowser");
    expect(resolveMiniBrowser(fakeMachine("linux", ["/usr/lib/webkitgtk-6.0/MiniBrowser", "/usr/lib/other-7.0/MiniBrowser"]), libdirs).path).toBe("/usr/lib/webkitgtk-6.0/MiniBrowser");
    expect(resolveMiniBrowser(fakeMachine("linux", ["/usr/lib/other-4.1/MiniBrowser"]), libdirs).why).toMatch(/^no WebKitGTK MiniBrowser found in \/usr\/lib, \/usr\/libexec/);
  });

  it("runs under xvfb-run, else on the user's display, else not at all", () => {
    const noXvfb = DEBIAN.filter((file) => !file.endsWith("xvfb-run"));
    expect(resolveWebKit(fakeMachine("linux", noXvfb)).why).toBe("no xvfb-run found, and no display to run under");
    const desktop = resolveWebKit(fakeMachine("linux", noXvfb, { env: { DISPLAY: ":0" } }));
    expect(desktop.path).toBe("/usr/bin/WebKitWebDriver");
    expect(desktop).not.toHaveProperty("xvfbRun", expect.anything());
  });
});
