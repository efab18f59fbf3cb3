// The Redis deployments operators run, started for a test on loopback and free ports, and stopped
// after: a managed-style primary endpoint that flips on failover, Sentinel with three sentinels, a
// TLS-only server with a CA of its own, and a server whose only user is held to the app's prefix.
// Each server logs to server-logs/<name>.log, as the end-to-end runs' servers do.
import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { freePort, portOpen } from "@/e2e/support/ports";
import { findRedisServer, startServer, stopServer } from "@/e2e/support/servers";
import { startRedisProxy } from "./redis-proxy";

/** How long the bed waits for a role swap or a sentinel's election: a condition, checked every 50 ms. */
const SETTLE_MS = 30_000;

/** Waits until `check` holds, asking every 50 ms, or fails naming `what`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = SETTLE_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`the Redis test bed: ${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Bed = { stop: () => Promise<void> };

/** A plain redis-server with `extra` arguments (or a config file's path first), on a free port. */
async function startRedis(name: string, extra: string[], port?: number): Promise<{ port: number; server: ChildProcess }> {
  const binary = findRedisServer();
  if (!binary) throw new Error("the Redis test bed needs redis-server (npm test's preflight names how to install it)");
  const listen = port ?? (await freePort());
  const config = extra[0]?.endsWith(".conf") ? extra.slice(0, 1) : [];
  const rest = extra.slice(config.length);
  // A replica writes the snapshot a full sync sends it to its folder: a throwaway one, not the project's.
  const dir = mkdtempSync(path.join(tmpdir(), "redis-bed-data-"));
  const args = [...config, "--port", String(listen), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no", ...rest];
  const started = await startServer(binary, args, { ready: () => portOpen(listen), name: `redis-bed-${name}-${listen}` });
  started.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return { port: listen, server: started };
}

/** Asks a server (or a sentinel) one command on a connection of its own. */
async function ask(port: number, command: string[], options: { password?: string; username?: string } = {}): Promise<unknown> {
  const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null, ...options });
  try {
    await client.connect();
    return await client.call(command[0]!, ...command.slice(1));
  } finally {
    client.disconnect();
  }
}

const roleOf = async (port: number, password?: string) => ((await ask(port, ["ROLE"], password ? { password } : {})) as [string])[0];

/** A primary and its replica behind an endpoint; failover() swaps them with Redis's FAILOVER, then points the endpoint at the new primary. */
export async function startFailoverPair(): Promise<Bed & { url: string; failover: () => Promise<void>; flip: () => void; primaryPort: () => number }> {
  const primary = await startRedis("primary", []);
  const replica = await startRedis("replica", ["--replicaof", "127.0.0.1", String(primary.port)]);
  await until("the replica's first sync", async () => /master_link_status:up/.test(String(await ask(replica.port, ["INFO", "replication"]))));
  // As a managed service's primary endpoint: connections already made stay with their server.
  const endpoint = await startRedisProxy(`redis://127.0.0.1:${primary.port}`);
  let ports = [primary.port, replica.port] as [number, number];
  return {
    url: endpoint.url,
    primaryPort: () => ports[0],
    /** FAILOVER on the primary: it waits for the replica to catch up, then the two swap roles; old connections stay open. */
    async failover() {
      const [from, to] = ports;
      await ask(from, ["FAILOVER"]);
      await until("the role swap", async () => (await roleOf(from)) === "slave" && (await roleOf(to)) === "master");
      ports = [to, from];
    },
    /** The endpoint names the new primary, as a managed service's DNS does once it moved. */
    flip: () => endpoint.pointAt(ports[0]),
    async stop() {
      await endpoint.close();
      await Promise.all([stopServer(primary.server), stopServer(replica.server)]);
    },
  };
}

/** A primary, a replica and three sentinels watching them as `name`; killPrimary() ends the primary with SIGKILL. */
export async function startSentinelSet(options: { name?: string; password?: string } = {}) {
  const name = options.name ?? "bed-primary";
  const auth = options.password ? ["--requirepass", options.password, "--masterauth", options.password] : [];
  const primary = await startRedis("sentinel-primary", auth);
  const replica = await startRedis("sentinel-replica", [...auth, "--replicaof", "127.0.0.1", String(primary.port)]);
  const pass = options.password ? { password: options.password } : {};
  await until("the replica's first sync", async () => /master_link_status:up/.test(String(await ask(replica.port, ["INFO", "replication"], pass))));
  const dir = mkdtempSync(path.join(tmpdir(), "redis-bed-sentinel-"));
  const sentinels: { port: number; server: ChildProcess }[] = [];
  for (const index of [1, 2, 3]) {
    const config = path.join(dir, `sentinel-${index}.conf`);
    // Sentinel rewrites its config file as it learns: each has one of its own.
    writeFileSync(
      config,
      [
        `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
        ...(options.password ? [`sentinel auth-pass ${name} ${options.password}`] : []),
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 10000`,
        `sentinel parallel-syncs ${name} 1`,
        "",
      ].join("\n"),
    );
    sentinels.push(await startRedis(`sentinel-${index}`, [config, "--sentinel"]));
  }
  await until("every sentinel to see the replica and the others", async () => {
    for (const sentinel of sentinels) {
      const known = (await ask(sentinel.port, ["SENTINEL", "SENTINELS", name])) as unknown[];
      const replicas = (await ask(sentinel.port, ["SENTINEL", "REPLICAS", name])) as unknown[];
      if (known.length < 2 || replicas.length < 1) return false;
    }
    return true;
  });
  const primaryNow = async () => Number(((await ask(sentinels[0]!.port, ["SENTINEL", "GET-MASTER-ADDR-BY-NAME", name])) as [string, string])[1]);
  return {
    name,
    sentinels: sentinels.map(({ port }) => ({ host: "127.0.0.1", port })),
    primaryPort: primary.port,
    replicaPort: replica.port,
    /** kill -9 of the primary, then waits until the sentinels name the replica. */
    async killPrimary() {
      primary.server.kill("SIGKILL");
      await until("the sentinels' failover to the replica", async () => (await primaryNow()) === replica.port && (await roleOf(replica.port, options.password)) === "master");
    },
    async stop() {
      await Promise.all([...sentinels, primary, replica].map(({ server }) => stopServer(server)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A server that speaks TLS only, with a certificate for localhost signed by a CA made here; `ca` is that CA's PEM. */
export async function startTlsServer(): Promise<Bed & { url: string; ca: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "redis-bed-tls-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", file("ca.key"), "-out", file("ca.crt"), "-subj", "/CN=redis-bed-ca", "-days", "2");
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=localhost");
  writeFileSync(file("san.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  openssl("x509", "-req", "-in", file("server.csr"), "-CA", file("ca.crt"), "-CAkey", file("ca.key"), "-CAcreateserial", "-out", file("server.crt"), "-days", "2", "-extfile", file("san.ext"));
  const tlsPort = await freePort();
  // --port 0: no plain-text listener at all.
  const { server } = await startRedisTls(tlsPort, ["--tls-port", String(tlsPort), "--tls-cert-file", file("server.crt"), "--tls-key-file", file("server.key"), "--tls-ca-cert-file", file("ca.crt"), "--tls-auth-clients", "no"]);
  return {
    url: `rediss://localhost:${tlsPort}`,
    ca: readFileSync(file("ca.crt"), "utf8"),
    async stop() {
      await stopServer(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startRedisTls(tlsPort: number, args: string[]) {
  const binary = findRedisServer();
  if (!binary) throw new Error("the Redis test bed needs redis-server (npm test's preflight names how to install it)");
  const server = await startServer(binary, ["--port", "0", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...args], { ready: () => portOpen(tlsPort), name: `redis-bed-tls-${tlsPort}` });
  return { server };
}

/** A server whose default user is off: its only user is `app`, held by `rule` (ACL SETUSER's words, without the password). */
export async function startLeastPrivilegeServer(rule: string): Promise<Bed & { url: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "redis-bed-acl-"));
  const config = path.join(dir, "redis.conf");
  const password = "bed-app-password";
  writeFileSync(config, ["user default off", `user app ${rule} >${password}`, ""].join("\n"));
  const { port, server } = await startRedis("least-privilege", [config]);
  return {
    url: `redis://app:${password}@127.0.0.1:${port}`,
    async stop() {
      await stopServer(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
