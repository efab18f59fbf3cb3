// A server for scripts/test-runner.test.ts: listens on loopback on the port it is given, until stopped.
import { createServer } from "node:http";

createServer((_request, response) => response.end("server")).listen(Number(process.argv[2]), "127.0.0.1");
