// Gives the Redis store tests a throwaway redis-server when one is installed and REDIS_URL is not
// set, so that they run rather than skip. Without redis-server they skip and say why.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer, connect } from "node:net";

let server: ChildProcess | undefined;

export async function setup() {
  if (process.env.REDIS_URL) return;
  if (spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status !== 0) return;
  const port = await freePort();
  server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  await waitForPort(port);
  // Workers start after global setup and inherit this.
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
}

export async function teardown() {
  server?.kill("SIGTERM");
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}

async function waitForPort(port: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      }).on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}
