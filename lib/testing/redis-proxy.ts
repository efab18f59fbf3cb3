// A TCP proxy in front of a redis-server, for the fault tests: it can hold the server's replies (a
// slow server) and rewrite them (another server version), per reply chunk as it arrives, and
// point new connections at another server, as a managed service's endpoint does in a failover.
import { connect, createServer, type Socket } from "node:net";

export type RedisProxyOptions = {
  /** Whether to start holding at this chunk of a reply: it and everything after it on its connection wait for release(). */
  holdFrom?: (reply: string) => boolean;
  /** Rewrites a chunk of a reply (keep its length: RESP counts bytes). */
  rewrite?: (reply: string) => string;
};

export type RedisProxy = {
  url: string;
  /** Whether some connection is holding replies now. */
  holding: () => boolean;
  /** Sends what is held, and holds nothing more. */
  release: () => void;
  /** New connections go to this port from now on; connections already made stay with their server. */
  pointAt: (port: number) => void;
  close: () => Promise<void>;
};

export async function startRedisProxy(targetUrl: string, options: RedisProxyOptions = {}): Promise<RedisProxy> {
  const target = new URL(targetUrl);
  let port = Number(target.port);
  const sockets = new Set<Socket>();
  const held: { socket: Socket; chunks: Buffer[] }[] = [];
  let released = false;

  const server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port });
    sockets.add(client).add(upstream);
    let holding: Buffer[] | undefined;
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => {
      const text = chunk.toString("latin1");
      const out = Buffer.from(options.rewrite ? options.rewrite(text) : text, "latin1");
      if (!holding && !released && options.holdFrom?.(text)) {
        holding = [];
        held.push({ socket: client, chunks: holding });
      }
      if (holding && !released) holding.push(out);
      else client.write(out);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the proxy has no port");

  return {
    url: `redis://127.0.0.1:${address.port}`,
    holding: () => !released && held.length > 0,
    pointAt: (next) => void (port = next),
    release() {
      released = true;
      for (const { socket, chunks } of held.splice(0)) for (const chunk of chunks) socket.write(chunk);
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The INFO replies' version with every digit of its major version zeroed: a server far too old, same length. */
export function asTooOldServer(reply: string): string {
  return reply.replace(/redis_version:(\d+)/, (_, major: string) => `redis_version:${"0".repeat(major.length)}`);
}

/** Whether a reply chunk is (the start of) an INFO reply. */
export const isInfoReply = (reply: string) => reply.includes("redis_version:");
