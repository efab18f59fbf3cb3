import { createAdaptorServer } from "@hono/node-server";
import { createCampus } from "./app";
import { CampusConfigError, readCampusConfig } from "./config";
import { serveWithDroppedResponses } from "./rest/drop-response";

/** `npm run campus`: the only file that listens. */
function startCampus() {
  const config = readCampusConfig(process.env);
  const { app } = createCampus({ origin: config.origin, registration: { file: config.registrationPath } });
  const server = createAdaptorServer({ fetch: serveWithDroppedResponses(app.fetch) });

  const announce = () => {
    console.log(`Campus page and REST API at ${config.origin}`);
    console.log(`Server-to-server callers can use http://127.0.0.1:${config.port}`);
  };
  // All interfaces, IPv4 and IPv6 (dual stack); fall back to IPv4 where IPv6 is unavailable.
  server.once("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EAFNOSUPPORT" || error.code === "EADDRNOTAVAIL") {
      server.listen(config.port, "0.0.0.0", announce);
      return;
    }
    console.error(`The campus cannot listen on port ${config.port}: ${error.message}`);
    process.exit(1);
  });
  server.listen({ port: config.port, host: "::", ipv6Only: false }, announce);
}

try {
  startCampus();
} catch (error) {
  if (!(error instanceof CampusConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
