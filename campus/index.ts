import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { loadPageAssets } from "./host/assets";

// The page's scripts bundle in esbuild's own process while the rest of the campus loads, so the
// start waits for whichever takes longer, not for both; the campus listens once they are ready.
const pageAssets = loadPageAssets();
// A failed bundle stops the start when it is awaited below, with esbuild's message.
pageAssets.catch(() => undefined);
const [{ createCampus }, { readCampusConfig }, { CampusConfigError }, { createCampusServer }] = await Promise.all([
  import("./app"),
  import("./config"),
  import("./core/errors"),
  import("./server"),
]);

type ListenError = NodeJS.ErrnoException;

/** An address this machine lacks (::1 without IPv6) is skipped; any other failure stops the start. */
const isMissingAddress = (error: ListenError) => error.code === "EAFNOSUPPORT" || error.code === "EADDRNOTAVAIL";

function listen(server: Server, port: number, host: string): Promise<ListenError | null> {
  return new Promise((resolve) => {
    const onError = (error: ListenError) => resolve(error);
    server.once("error", onError);
    // "::" listens on IPv4 too (dual stack), as a container needs.
    server.listen({ port, host, ipv6Only: false }, () => {
      server.off("error", onError);
      resolve(null);
    });
  });
}

/** `npm run campus`: the only file that listens. */
async function startCampus() {
  // The project's one .env serves the app and the campus alike (README, Configure); a variable
  // already set in the environment wins over the file.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = readCampusConfig(process.env);
  const campus = createCampus({
    origin: config.origin,
    registration: { file: config.registrationPath },
    listen: { port: config.port, hosts: config.hosts },
  });
  await pageAssets;
  const listening: string[] = [];
  for (const [index, host] of config.hosts.entries()) {
    const error = await listen(createCampusServer(campus), config.port, host);
    if (!error) listening.push(host.includes(":") ? `[${host}]` : host);
    // Only a further loopback address of the default (::1 without IPv6) may be missing.
    else if (!(index > 0 && isMissingAddress(error))) {
      console.error(`The campus cannot listen on ${host} port ${config.port}: ${error.message}`);
      process.exit(1);
    }
  }
  console.log(`Campus page and REST API at ${config.origin}`);
  console.log(`Listening on ${listening.map((host) => `${host}:${config.port}`).join(" and ")} (CAMPUS_HOST)`);
}

startCampus().catch((error: unknown) => {
  if (!(error instanceof CampusConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});
