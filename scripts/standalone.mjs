// `npm run build` finishes the standalone server: Next leaves the static assets out of
// .next/standalone (a CDN may serve them), so they are copied beside the server that serves them,
// with the environment check that `npm start` runs first (scripts/env-check-bundle.mjs), and a
// brotli and a gzip copy of each text file among them, which `npm start` serves (static-encoding.mjs).
// The server's chunks that are copies of another are made to load that one (server-chunks.mjs).
import { cpSync, existsSync } from "node:fs";
import { bundleEnvCheck } from "./env-check-bundle.mjs";
import { shareIdenticalServerChunks } from "./server-chunks.mjs";
import { precompressStatic } from "./static-encoding.mjs";

const STANDALONE = ".next/standalone";

if (!existsSync(`${STANDALONE}/server.js`)) {
  console.error(`${STANDALONE}/server.js is missing: run \`next build\` with output: "standalone" first.`);
  process.exit(1);
}
cpSync(".next/static", `${STANDALONE}/.next/static`, { recursive: true });
const compressed = precompressStatic(`${STANDALONE}/.next/static`);
const kb = (bytes) => `${Math.round(bytes / 1024)} kB`;
console.log(`Static files compressed: ${compressed.files}, ${kb(compressed.rawBytes)} → ${kb(compressed.brBytes)} brotli, ${kb(compressed.gzipBytes)} gzip`);
const shared = shareIdenticalServerChunks(`${STANDALONE}/.next/server/chunks`);
console.log(`Server chunks that copy another now load it: ${shared.files}, ${kb(shared.bytes)}`);
if (existsSync("public")) cpSync("public", `${STANDALONE}/public`, { recursive: true });
await bundleEnvCheck(`${STANDALONE}/env-check.mjs`);
