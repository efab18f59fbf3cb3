/** Bundles lib/env.ts, zod included, into `outfile`, an ES module exporting `parseEnv`. */
export function bundleEnvCheck(outfile: string): Promise<void>;
