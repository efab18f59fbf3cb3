import path from "node:path";
import type { Host } from "./host.ts";

/**
 * A machine made of a list of files, for the lookups' tests: `scripts` gives the text of the files
 * that are scripts (Ubuntu's snap wrappers), every other file reads as a binary.
 */
export function fakeMachine(platform: NodeJS.Platform, files: string[], options: { env?: Host["env"]; scripts?: Record<string, string> } = {}): Host {
  const all = new Set([...files, ...Object.keys(options.scripts ?? {})]);
  const homedir = platform === "darwin" ? "/Users/ada" : "/home/ada";
  const home = (file: string) => file.replace(/^~/, homedir);
  const present = new Set([...all].map(home));
  return {
    platform,
    env: { PATH: "/usr/local/bin:/usr/bin:/bin", ...options.env },
    homedir,
    exists: (file) => present.has(file),
    list: (dir) => [...new Set([...present].filter((file) => file.startsWith(`${dir}/`)).map((file) => file.slice(dir.length + 1).split(path.sep)[0]!))],
    head: (file) => Object.entries(options.scripts ?? {}).find(([name]) => home(name) === file)?.[1] ?? "",
  };
}

/** Ubuntu's /usr/bin/chromium-browser, from its transitional package: it runs the snap. */
export const UBUNTU_SNAP_WRAPPER = `#! /bin/sh
if ! [ -x /snap/bin/chromium ]; then
  echo "Command '$0' requires the chromium snap to be installed." >&2
  exit 1
fi
exec /snap/bin/chromium "$@"
`;

// The packages .ci/run installs on Debian bookworm, where they put their programs.
export const DEBIAN = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-headless-shell",
  "/usr/lib/chromium/chromium-headless-shell",
  "/usr/bin/firefox-esr",
  "/usr/bin/WebKitWebDriver",
  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/bin/xvfb-run",
  "/usr/bin/redis-server",
  "/usr/bin/openssl",
];
