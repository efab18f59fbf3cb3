// A load balancer without stickiness, for the shared-store end-to-end run: each request to the app
// origin goes to the next app process in turn, so what one process stores (a session, a login
// state, the call state, a poll) is read by the other. Run with tsx; PROXY_PORT and PROXY_TARGETS.
import { createServer, request } from "node:http";

const listenPort = Number(process.env.PROXY_PORT);
const targets = (process.env.PROXY_TARGETS ?? "").split(",").map(Number).filter(Boolean);
if (!listenPort || targets.length < 2) throw new Error("Set PROXY_PORT and at least two PROXY_TARGETS (comma-separated ports)");

let turn = 0;

createServer((incoming, outgoing) => {
  const port = targets[turn++ % targets.length]!;
  // The Host header is kept: each process sees the app origin the browser asked for.
  const forward = request({ host: "127.0.0.1", port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (response) => {
    outgoing.writeHead(response.statusCode ?? 502, { ...response.headers, "x-app-process": String(port) });
    response.pipe(outgoing);
  });
  forward.on("error", () => {
    if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain" });
    outgoing.end(`app process on port ${port} unreachable`);
  });
  incoming.pipe(forward);
}).listen(listenPort, () => console.log(`round-robin proxy on ${listenPort} → ${targets.join(", ")}`));
