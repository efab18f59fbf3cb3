import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureBuild, findFreePort, startServer, stopServer } from "./servers";
import { measureFirstLoadJs } from "./first-load-js";

/** Builds (once) and measures an empty Next.js page with Tailwind: the baseline for first-load JS. */
export async function measureEmptyNextPage(root: string) {
  // Inside the project (git-ignored) so that it resolves the project's own node_modules.
  const dir = path.join(root, "bench-results", "empty-next");
  if (!existsSync(path.join(dir, "app"))) {
    mkdirSync(path.join(dir, "app"), { recursive: true });
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
    writeFileSync(path.join(dir, "postcss.config.mjs"), `export default { plugins: { "@tailwindcss/postcss": {} } };\n`);
    writeFileSync(path.join(dir, "app", "globals.css"), `@import "tailwindcss";\n`);
    writeFileSync(
      path.join(dir, "app", "layout.tsx"),
      `import "./globals.css";\nexport default function Layout({ children }: { children: React.ReactNode }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n`,
    );
    writeFileSync(path.join(dir, "app", "page.tsx"), `export default function Page() {\n  return <main className="p-4">Empty</main>;\n}\n`);
    writeFileSync(path.join(dir, "next.config.mjs"), `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`);
  }
  await ensureBuild(dir);
  const port = await findFreePort();
  const server = await startServer("npx", ["next", "start", "--port", String(port)], `http://127.0.0.1:${port}/`, { cwd: dir });
  try {
    return await measureFirstLoadJs(`http://127.0.0.1:${port}`);
  } finally {
    stopServer(server);
  }
}
