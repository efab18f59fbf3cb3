import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../e2e/support/ports";
import { startServer, stopServer } from "../../e2e/support/servers";
import { measureFirstLoadJs } from "./first-load-js";

/** The packages of the baseline, at the versions the project's lockfile holds. */
const BASELINE_PACKAGES = ["next", "react", "react-dom", "tailwindcss", "@tailwindcss/postcss", "typescript", "@types/react", "@types/node"];

/** The throwaway project reports nothing to Next's telemetry: a measuring run is nobody's usage. */
const NO_TELEMETRY = { NEXT_TELEMETRY_DISABLED: "1" };

/**
 * Builds (once) and measures an empty Next.js page with Tailwind: the baseline for first-load JS.
 * It is a project of its own, with its own node_modules (the project's versions, installed once):
 * inside this project's tree Next takes this project's root, and with it its proxy.ts and
 * instrumentation.ts, into the build.
 */
export async function measureEmptyNextPage(root: string) {
  const dir = path.join(root, "bench-results", "empty-next");
  if (!existsSync(path.join(dir, "node_modules", "next"))) {
    mkdirSync(path.join(dir, "app"), { recursive: true });
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { version: string }> };
    const dependencies = Object.fromEntries(BASELINE_PACKAGES.map((name) => [name, lock.packages[`node_modules/${name}`]!.version]));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module", dependencies }, null, 2));
    writeFileSync(path.join(dir, "postcss.config.mjs"), `export default { plugins: { "@tailwindcss/postcss": {} } };\n`);
    writeFileSync(path.join(dir, "app", "globals.css"), `@import "tailwindcss";\n`);
    writeFileSync(
      path.join(dir, "app", "layout.tsx"),
      `import "./globals.css";\nexport default function Layout({ children }: { children: React.ReactNode }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n`,
    );
    writeFileSync(path.join(dir, "app", "page.tsx"), `export default function Page() {\n  return <main className="p-4">Empty</main>;\n}\n`);
    writeFileSync(path.join(dir, "next.config.mjs"), `export default { turbopack: { root: import.meta.dirname } };\n`);
    rmSync(path.join(dir, ".next"), { recursive: true, force: true });
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir });
  }
  if (!existsSync(path.join(dir, ".next", "BUILD_ID"))) await run("npx", ["next", "build"], { cwd: dir });
  const port = await freePort();
  const server = await startServer("npx", ["next", "start", "--port", String(port)], { ready: `http://127.0.0.1:${port}/`, name: "empty-next", cwd: dir, env: NO_TELEMETRY });
  try {
    return await measureFirstLoadJs(`http://127.0.0.1:${port}`);
  } finally {
    await stopServer(server);
  }
}

/** Runs a command to completion, its output on the bench's; rejects on a non-zero exit. */
function run(command: string, args: string[], options: { cwd: string }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options, env: { ...process.env, ...NO_TELEMETRY } });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}
