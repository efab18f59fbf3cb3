// CI's dependency audit: what the app ships (`npm audit --omit=dev`) may hold no high or critical
// advisory (exit 1). An audit that could not be checked (the registry's advisory service did not
// answer: a mirror, a proxy, no network) is never a pass: it says NOT CHECKED and exits 2, which
// `.ci/run` fails on when AUDIT_REQUIRED is set and otherwise reports as not run, at the end.
import { execFile } from "node:child_process";

const FAILING = ["high", "critical"];
const NOT_CHECKED = 2;

const report = await new Promise((resolve) => {
  // npm audit exits non-zero whenever it finds anything; the JSON says what.
  execFile("npm", ["audit", "--omit=dev", "--json"], { maxBuffer: 64 * 1024 * 1024 }, (_error, stdout) => resolve(stdout));
});

let parsed;
try {
  parsed = JSON.parse(report);
} catch {
  console.error("npm audit: NOT CHECKED: npm gave no JSON report.\n" + report.slice(0, 2_000));
  process.exit(NOT_CHECKED);
}

const counts = parsed.metadata?.vulnerabilities;
if (!counts) {
  const reason = parsed.message ?? parsed.error?.summary ?? "no report";
  console.error(`npm audit: NOT CHECKED: the registry's advisory service did not answer (${reason}).`);
  process.exit(NOT_CHECKED);
}

const summary = Object.entries(counts)
  .filter(([severity, count]) => severity !== "total" && count > 0)
  .map(([severity, count]) => `${count} ${severity}`);
console.log(`npm audit --omit=dev: ${summary.length ? summary.join(", ") : "no advisories"}`);

const failing = Object.entries(parsed.vulnerabilities ?? {}).filter(([, entry]) => FAILING.includes(entry.severity));
for (const [name, entry] of failing) console.error(`  ${entry.severity}: ${name} ${entry.range ?? ""}`);
process.exit(failing.length > 0 ? 1 : 0);
