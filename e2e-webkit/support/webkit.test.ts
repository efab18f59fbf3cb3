import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveBrowserPath, resolveDriverPath } from "./webkit";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "webkit-paths-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function file(...parts: string[]) {
  const at = path.join(root, ...parts);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, "");
  return at;
}

describe("the WebKit run finds its driver and browser", () => {
  it("takes WEBKIT_DRIVER_PATH when set, else WebKitWebDriver on PATH", () => {
    const own = file("bin", "my-driver");
    expect(resolveDriverPath({ WEBKIT_DRIVER_PATH: own }, () => "/usr/bin/WebKitWebDriver")).toBe(own);
    expect(resolveDriverPath({}, (name) => (name === "WebKitWebDriver" ? "/usr/bin/WebKitWebDriver" : undefined))).toBe("/usr/bin/WebKitWebDriver");
  });

  it("says what to install, or that the variable names a missing file", () => {
    expect(() => resolveDriverPath({}, () => undefined)).toThrow(/install webkit2gtk-driver .* or set WEBKIT_DRIVER_PATH/);
    expect(() => resolveDriverPath({ WEBKIT_DRIVER_PATH: path.join(root, "nope") }, () => undefined)).toThrow(/WEBKIT_DRIVER_PATH points at a missing file/);
    expect(() => resolveBrowserPath({}, [root])).toThrow(/No WebKitGTK MiniBrowser found/);
    expect(() => resolveBrowserPath({ WEBKIT_BROWSER_PATH: path.join(root, "nope") }, [root])).toThrow(/WEBKIT_BROWSER_PATH points at a missing file/);
  });

  it("finds MiniBrowser in a multiarch libdir (Debian), in libexec (Fedora) or in lib (Arch)", () => {
    const debian = file("lib", "x86_64-linux-gnu", "webkit2gtk-4.1", "MiniBrowser");
    expect(resolveBrowserPath({}, [path.join(root, "lib")])).toBe(debian);
    const fedora = file("libexec", "webkit2gtk-4.1", "MiniBrowser");
    expect(resolveBrowserPath({}, [path.join(root, "libexec")])).toBe(fedora);
    file("lib", "webkit2gtk-4.0", "MiniBrowser");
    // Never a folder that is not WebKitGTK's.
    file("lib", "other-4.1", "MiniBrowser");
    expect(resolveBrowserPath({}, [path.join(root, "lib")])).toBe(debian);
  });

  it("takes WEBKIT_BROWSER_PATH over any found", () => {
    file("lib", "webkit2gtk-4.1", "MiniBrowser");
    const own = file("opt", "MiniBrowser");
    expect(resolveBrowserPath({ WEBKIT_BROWSER_PATH: own }, [path.join(root, "lib")])).toBe(own);
  });
});
