import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * scripts/audit.mjs against an `npm` of the test's own on PATH, which prints the report given to
 * it: the verdicts need no registry and no network.
 */

const AUDIT = path.resolve(import.meta.dirname, "audit.mjs");

function auditWith(report: string): Promise<{ code: number; out: string }> {
  const bin = mkdtempSync(path.join(tmpdir(), "audit-npm-"));
  writeFileSync(path.join(bin, "report.json"), report);
  // npm exits non-zero whenever it finds anything, so the stand-in does too.
  const npm = `#!${process.execPath}\nprocess.stdout.write(require("node:fs").readFileSync(${JSON.stringify(path.join(bin, "report.json"))}));\nprocess.exitCode = 1;\n`;
  writeFileSync(path.join(bin, "npm"), npm);
  chmodSync(path.join(bin, "npm"), 0o755);
  return new Promise((resolve) => {
    // The stand-in is the only program on PATH: no npm of the machine's can answer instead.
    execFile(process.execPath, [AUDIT], { env: { PATH: bin, NODE_ENV: "test" } }, (error, stdout, stderr) => {
      resolve({ code: typeof error?.code === "number" ? error.code : 0, out: stdout + stderr });
    });
  });
}

const counts = (high: number) => ({ info: 0, low: 0, moderate: 0, high, critical: 0, total: high });

describe("the dependency audit (CI's audit step)", { timeout: 30_000 }, () => {
  it("passes on a report without high or critical advisories", async () => {
    const { code, out } = await auditWith(JSON.stringify({ vulnerabilities: {}, metadata: { vulnerabilities: counts(0) } }));
    expect(out).toContain("no advisories");
    expect(code).toBe(0);
  });

  it("fails on a high advisory, naming the package", async () => {
    const report = { vulnerabilities: { "left-pad": { severity: "high", range: "<1.3.0" } }, metadata: { vulnerabilities: counts(1) } };
    const { code, out } = await auditWith(JSON.stringify(report));
    expect(out).toMatch(/high: left-pad <1\.3\.0/);
    expect(code).toBe(1);
  });

  it("says NOT CHECKED and exits 2, never 0, when the advisory service does not answer", async () => {
    const { code, out } = await auditWith(JSON.stringify({ error: { code: "ENOAUDIT", summary: "Your configured registry does not support audit requests." } }));
    expect(out).toMatch(/NOT CHECKED: the registry's advisory service did not answer \(Your configured registry does not support audit requests\.\)/);
    expect(code).toBe(2);
  });

  it("says NOT CHECKED and exits 2, never 0, when npm gives no JSON report", async () => {
    const { code, out } = await auditWith("npm ERR! network request failed");
    expect(out).toMatch(/NOT CHECKED: npm gave no JSON report/);
    expect(code).toBe(2);
  });
});
