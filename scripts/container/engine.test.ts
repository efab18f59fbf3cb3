import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findEngine } from "./engine.mjs";

/** A PATH holding only the given programs, each a script that prints `out` and exits with `code`. */
function pathWith(programs: Record<string, { out: string; code: number }>) {
  const bin = mkdtempSync(path.join(tmpdir(), "engine-"));
  for (const [name, { out, code }] of Object.entries(programs)) {
    writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${out}"\nexit ${code}\n`);
    chmodSync(path.join(bin, name), 0o755);
  }
  return bin;
}

describe("finding the container engine", () => {
  it("says plainly that none is installed, and how to get one", () => {
    const found = findEngine({ PATH: pathWith({}) });
    expect(found.error).toMatch(/^No container engine: this needs Docker or Podman/);
    expect(found.error).toMatch(/docker: not installed/);
    expect(found.error).toMatch(/podman: not installed/);
  });

  it("passes over a Docker whose daemon does not answer, to Podman", () => {
    const found = findEngine({
      PATH: pathWith({ docker: { out: "Cannot connect to the Docker daemon", code: 1 }, podman: { out: "Version: 4.3.1 (Podman Engine)", code: 0 } }),
    });
    expect(found).toEqual({ command: ["podman"], podman: true });
  });

  it("knows Podman behind the docker command", () => {
    expect(findEngine({ PATH: pathWith({ docker: { out: "Podman Engine", code: 0 } }) })).toEqual({ command: ["docker"], podman: true });
  });

  it("takes CONTAINER_ENGINE with its own flags, and says when it does not answer", () => {
    const PATH = pathWith({ podman: { out: "Podman Engine", code: 0 }, docker: { out: "Docker Engine", code: 0 } });
    expect(findEngine({ PATH, CONTAINER_ENGINE: "podman --runtime runc" })).toEqual({ command: ["podman", "--runtime", "runc"], podman: true });
    expect(findEngine({ PATH, CONTAINER_ENGINE: "nerdctl" }).error).toMatch(/nerdctl: not installed/);
  });
});
