// The environment's rules (lib/env.ts) as one plain module beside the standalone server, so that
// `npm start` can refuse a bad environment before Next starts: Next prints "Ready" once it
// listens, before its start-up hook (instrumentation.ts) has read a single variable.
import { build } from "esbuild";

/** Bundles lib/env.ts, zod included, into `outfile`, an ES module exporting `parseEnv`. */
export async function bundleEnvCheck(outfile) {
  await build({
    entryPoints: [new URL("../lib/env.ts", import.meta.url).pathname],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Under React's server condition `server-only` is the empty module it is in the server build.
    conditions: ["react-server"],
    minify: true,
    logLevel: "warning",
  });
}
