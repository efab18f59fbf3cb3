// `npm start`, and the container's command: the standalone server that `npm run build` made, on
// PORT (3000) and APP_HOST (0.0.0.0).
// Next's server reads HOSTNAME, which shells and containers often set to the machine's own name,
// so it is set here from a variable that means only this.
import { existsSync } from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { serveStaticFirst } from "./static-encoding.mjs";

const server = fileURLToPath(new URL("../.next/standalone/server.js", import.meta.url));
const envCheck = fileURLToPath(new URL("../.next/standalone/env-check.mjs", import.meta.url));
const staticDir = fileURLToPath(new URL("../.next/standalone/.next/static", import.meta.url));
if (!existsSync(server) || !existsSync(envCheck) || !existsSync(staticDir)) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
process.env.HOSTNAME = process.env.APP_HOST ?? "0.0.0.0";
process.env.PORT ??= "3000";
process.env.NODE_ENV = "production";
// How long an idle connection stays open (Next's server reads KEEP_ALIVE_TIMEOUT, in ms). Node's own
// five seconds is the heartbeat's interval (spec 4.9): a presenting page's connection would close
// just before each beat, and every beat would open a new one. 65 s also outlasts the idle timeout
// of the proxies usually in front (60 s), which must close first, or a request they send on a
// connection the server is closing fails.
process.env.KEEP_ALIVE_TIMEOUT ??= "65000";
// Next prints "Ready" as soon as it listens, before its start-up hook checks the environment: a
// bad one is refused here first, with the same message (lib/env.ts), and the server never starts.
const { parseEnv } = await import(envCheck);
try {
  parseEnv(process.env);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// The static chunks go out compressed, from the copies `npm run build` made (static-encoding.mjs).
serveStaticFirst(http, staticDir);
await import(server);
