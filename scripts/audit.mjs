// CI's dependency audit: what the app ships (`npm audit --omit=dev`) may hold no high or critical
// advisory. A registry that offers no advisory service (a mirror, a proxy) is reported, not
// counted as a pass or a failure: the audit did not run, and this script says so.
import { execFile } from "node:child_process";

const FAILING = ["high", "critical"];

const report = await new Promise((resolve) => {
  // npm audit exits non-zero whenever it finds anything; the JSON says what.
  execFile("npm", ["audit", "--omit=dev", "--json"], { maxBuffer: 64 * 1024 * 1024 }, (_error, stdout) => resolve(stdout));
});

let parsed;
try {
  parsed = JSON.parse(report);
} catch {
  console.error("npm audit: no JSON answer\n" + report.slice(0, 2_000));
  process.exit(1);
}

const counts = parsed.metadata?.vulnerabilities;
if (!counts) {
  const reason = parsed.message ?? parsed.error?.summary ?? "no report";
  console.warn(`npm audit: the registry's advisory service did not answer (${reason}); the audit did not run.`);
  process.exit(0);
}

const summary = Object.entries(counts)
  .filter(([severity, count]) => severity !== "total" && count > 0)
  .map(([severity, count]) => `${count} ${severity}`);
console.log(`npm audit --omit=dev: ${summary.length ? summary.join(", ") : "no advisories"}`);

const failing = Object.entries(parsed.vulnerabilities ?? {}).filter(([, entry]) => FAILING.includes(entry.severity));
for (const [name, entry] of failing) console.error(`  ${entry.severity}: ${name} ${entry.range ?? ""}`);
process.exit(failing.length > 0 ? 1 : 0);
