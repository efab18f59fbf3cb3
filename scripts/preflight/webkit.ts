import path from "node:path";
import type { Host } from "./host.ts";
import { findOnPath } from "./host.ts";
import { firstUsable, fromVariable, notFound, type Found, type NotFound } from "./lookup.ts";

/** WebKitGTK's WebDriver server (`path`), the MiniBrowser it starts, and the X server to run them under. */
export type WebKitFound = Found & { browser: string; xvfbRun?: string };

/** Where distributions put WebKitGTK's helper programs: Debian's multiarch libdirs, Fedora's libexec, Arch's lib. */
export const LIBDIRS = ["/usr/lib", "/usr/lib64", "/usr/libexec", "/usr/local/lib", "/usr/local/libexec"];

/**
 * The WebKit run drives WebKitGTK (the Safari engine, built for Linux) through WebKitWebDriver, a
 * WebDriver (classic) server, under an X server of its own. Playwright's WebKit is a patched build
 * that speaks only Playwright's own protocol, so it is never used.
 */
export function resolveWebKit(host: Host, libdirs = LIBDIRS): WebKitFound | NotFound {
  if (host.platform === "darwin") return onMacOS(host);
  if (host.platform !== "linux") return { why: "WebKitGTK's WebDriver runs on Linux only" };
  const driver = resolveDriver(host);
  if (driver.path === undefined) return driver;
  const browser = resolveMiniBrowser(host, libdirs);
  if (browser.path === undefined) return browser;
  const xvfbRun = firstUsable(host, [findOnPath(host, "xvfb-run"), "/usr/bin/xvfb-run"]).found?.path;
  // Without xvfb-run, the display the user runs under (a desktop session) serves.
  if (!xvfbRun && !host.env.DISPLAY && !host.env.WAYLAND_DISPLAY) return { why: "no xvfb-run found, and no display to run under" };
  return { ...driver, browser: browser.path, xvfbRun };
}

function resolveDriver(host: Host): Found | NotFound {
  const chosen = fromVariable(host, "WEBKIT_DRIVER_PATH");
  if (chosen) return chosen;
  return firstUsable(host, [findOnPath(host, "WebKitWebDriver"), "/usr/bin/WebKitWebDriver"]).found ?? notFound("no WebKitWebDriver found");
}

/**
 * The browser the driver starts: `WEBKIT_BROWSER_PATH` when set, else WebKitGTK's MiniBrowser in
 * a `webkit2gtk-*` or `webkitgtk-*` folder of the libdirs (one level of multiarch folders below
 * them too), the newest API version first. It ships with the WebKitGTK library the driver's
 * package depends on.
 */
export function resolveMiniBrowser(host: Host, libdirs = LIBDIRS): Found | NotFound {
  const chosen = fromVariable(host, "WEBKIT_BROWSER_PATH");
  if (chosen) return chosen;
  const isWebKitDir = (name: string) => /^webkit2?gtk-/.test(name);
  const candidates: string[] = [];
  for (const libdir of libdirs) {
    for (const name of host.list(libdir)) {
      if (isWebKitDir(name)) candidates.push(path.join(libdir, name, "MiniBrowser"));
      else if (name.endsWith("-linux-gnu")) {
        for (const dir of host.list(path.join(libdir, name)).filter(isWebKitDir)) candidates.push(path.join(libdir, name, dir, "MiniBrowser"));
      }
    }
  }
  const found = candidates.filter((file) => host.exists(file)).sort().reverse()[0];
  return found ? { path: found, from: "the system" } : { why: `no WebKitGTK MiniBrowser found in ${libdirs.join(", ")}` };
}

/**
 * Safari's own safaridriver is WebKit's WebDriver on macOS, but it cannot stand in for this run:
 * it holds one session on the whole machine (the run's call tests drive two members' browsers at
 * once), and its sessions open windows on the user's desktop, where this run's browsers run
 * unseen in an X server of their own.
 */
function onMacOS(host: Host): NotFound {
  const safaridriver = host.exists("/usr/bin/safaridriver") ? "/usr/bin/safaridriver is there, but " : "";
  return {
    why:
      `the WebKit run drives WebKitGTK, a Linux build; ${safaridriver}Safari's safaridriver holds one WebDriver ` +
      "session on the whole machine, and the run's call tests drive two members' browsers at once",
  };
}
