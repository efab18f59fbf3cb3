import { createServer } from "node:http";
import { startServer } from "../../e2e/support/servers";
import { freePort, portOpen } from "../../e2e/support/ports";

/*
 * A stage for scripts/test-runner.test.ts, shaped like an end-to-end harness: it listens itself,
 * and starts a server as the harnesses do (e2e/support/servers.ts: a process group of its own).
 * Once both listen it prints one line: `listening <JSON of its pids and ports>`. Arguments: its
 * name (its server's log file), and `stubborn` for a stage that ignores SIGTERM, as one that takes
 * too long to stop.
 */

const [name, mode] = process.argv.slice(2);
if (mode === "stubborn") process.on("SIGTERM", () => {});

const own = createServer((_request, response) => response.end("stage"));
await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
const ownAddress = own.address();
if (typeof ownAddress !== "object" || !ownAddress) throw new Error("the stage's server has no port");

const port = await freePort();
const server = await startServer(process.execPath, [`${import.meta.dirname}/listen.mjs`, String(port)], {
  ready: () => portOpen(port),
  name: `test-runner-${name}`,
});
console.log(`listening ${JSON.stringify({ pids: [process.pid, server.pid], ports: [ownAddress.port, port] })}`);
