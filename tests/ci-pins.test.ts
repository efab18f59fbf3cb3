import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { arch, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/*
 * What CI runs is named by content, not by a name its publisher can move: a tag of an action can be
 * pointed at other code any day, a commit cannot.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const WORKFLOWS = path.join(ROOT, ".github/workflows");
const INSTALL_NODE = path.join(ROOT, ".ci/install-node");

/** Every `uses:` line of the workflows, with the file it is in. */
function actionRefs() {
  return readdirSync(WORKFLOWS)
    .filter((file) => /\.ya?ml$/.test(file))
    .flatMap((file) =>
      readFileSync(path.join(WORKFLOWS, file), "utf8")
        .split("\n")
        .flatMap((line) => {
          const match = /^\s*(?:-\s+)?uses:\s*(.+)$/.exec(line);
          return match?.[1] ? [{ file, ref: match[1].trim() }] : [];
        }),
    );
}

describe("the workflows' actions (.github/workflows)", () => {
  it("are there to check", () => {
    expect(actionRefs().length).toBeGreaterThan(0);
  });

  it("are each pinned by a full commit SHA, with the release it is named in a comment", () => {
    const unpinned = actionRefs().filter(({ ref }) => !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(ref));
    expect(unpinned).toEqual([]);
  });
});

/** A variable the install script sets on a line of its own. */
function pinned(name: string) {
  return new RegExp(`^${name}=(\\S+)$`, "m").exec(readFileSync(INSTALL_NODE, "utf8"))?.[1];
}

const has = (program: string) => spawnSync("sh", ["-c", `command -v ${program}`]).status === 0;

describe("Node's download (.ci/install-node)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("names one Node 24 release and the SHA-256 of its Linux x64 and arm64 archives", () => {
    expect(pinned("NODE_VERSION")).toMatch(/^v24\.\d+\.\d+$/);
    expect(pinned("NODE_SHA256_LINUX_X64")).toMatch(/^[0-9a-f]{64}$/);
    expect(pinned("NODE_SHA256_LINUX_ARM64")).toMatch(/^[0-9a-f]{64}$/);
    expect(pinned("NODE_SHA256_LINUX_X64")).not.toBe(pinned("NODE_SHA256_LINUX_ARM64"));
  });

  // The script is for Debian's x64 and arm64 machines; it installs curl and xz itself as root only.
  it.runIf(process.platform === "linux" && ["x64", "arm64"].includes(arch()) && has("curl") && has("xz"))(
    "fetches the pinned release's archive and refuses one whose SHA-256 is not the repository's",
    () => {
      const mirror = mkdtempSync(path.join(tmpdir(), "node-mirror-"));
      dirs.push(mirror);
      const version = pinned("NODE_VERSION") ?? "";
      const expected = pinned(arch() === "x64" ? "NODE_SHA256_LINUX_X64" : "NODE_SHA256_LINUX_ARM64");
      mkdirSync(path.join(mirror, version));
      writeFileSync(path.join(mirror, version, `node-${version}-linux-${arch()}.tar.xz`), "not Node's archive");
      // `env` adds the mirror to the run's own environment, which the child inherits.
      const { status, stderr } = spawnSync("env", [`NODE_DIST_URL=${pathToFileURL(mirror).href}`, "bash", INSTALL_NODE], { encoding: "utf8" });
      expect(status).toBe(1);
      expect(stderr).toMatch(new RegExp(`node-${version}-linux-${arch()}\\.tar\\.xz has SHA-256 [0-9a-f]{64}, not ${expected}`));
    },
  );
});
