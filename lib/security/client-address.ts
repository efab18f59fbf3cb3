import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP, type Socket } from "node:net";
import { randomToken } from "./random";

/** The request headers the address is read from: a web Headers is one (so is lib/http's HeaderReader). */
type HeaderReader = Pick<Headers, "get">;

/*
 * The client address for rate limits. Next's route handlers see no socket, and `next start` fills
 * X-Forwarded-For only when the client has not sent one, so that header alone is whatever the
 * client says. Node publishes every incoming request on the `http.server.request.start`
 * diagnostics channel, with its socket, before any handler runs: captureClientAddresses()
 * (called once at start-up, instrumentation.ts) writes the socket's address, or with a trusted
 * proxy the address that proxy saw, and whether the socket's peer is a trusted proxy, into a
 * header of the request under a per-process token that no client can forge. readClientAddress()
 * and cameThroughTrustedProxy() trust that header only with the token.
 */

export const CLIENT_ADDRESS_HEADER = "x-app-client-address";
/** A request the capture did not see (one that arrived while the server started, or no capture at all) shares one bucket. */
export const UNKNOWN_ADDRESS = "unknown";

// Kept on globalThis: instrumentation and the route bundles are separate modules of one process.
const holder = globalThis as typeof globalThis & { __clientAddressToken?: string; __clientAddressCapture?: boolean };
const token = () => (holder.__clientAddressToken ??= randomToken(16));

/** TRUSTED_PROXY entries: addresses (`10.0.0.7`) or networks (`10.0.0.0/8`, `fd00::/8`). */
export function parseTrustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** `::ffff:1.2.3.4` (an IPv4 client of a dual-stack socket) is 1.2.3.4. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed.toLowerCase();
}

const isTrusted = (trusted: BlockList, address: string) => {
  const type = isIP(address);
  return type !== 0 && trusted.check(address, type === 6 ? "ipv6" : "ipv4");
};

/**
 * One X-Forwarded-For hop as an address: proxies may append a port (`203.0.113.9:5678`,
 * `[2001:db8::1]:443`) or bracket an IPv6 address. Anything else (`unknown`, an obfuscated
 * identifier such as `_hidden`, garbage) is undefined: it names no client.
 */
export function parseForwardedHop(hop: string): string | undefined {
  const trimmed = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(trimmed)?.[1];
  if (bracketed !== undefined) {
    const address = normalizeAddress(bracketed);
    return isIP(bracketed) === 6 ? address : undefined;
  }
  const address = normalizeAddress(/^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(trimmed)?.[1] ?? trimmed);
  return isIP(address) === 0 ? undefined : address;
}

/**
 * The socket's address, unless it is a trusted proxy: then X-Forwarded-For read from the right
 * (each proxy appends the address it received the request from), skipping trusted proxies; the
 * first other address is the client. Entries further left are the client's own words. A hop that
 * is no address ends the chain: the client is then the nearest trusted proxy as it saw the request
 * (the hop to its right, or the socket), so no such request falls into a bucket shared by all.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trusted?: BlockList): string {
  const peer = normalizeAddress(socketAddress ?? "");
  if (!peer) return UNKNOWN_ADDRESS;
  if (!trusted || !isTrusted(trusted, peer)) return peer;
  const hops = (forwardedFor ?? "").split(",").filter((hop) => hop.trim() !== "");
  let nearestTrusted = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseForwardedHop(hops[i]!);
    if (hop === undefined) return nearestTrusted;
    if (!isTrusted(trusted, hop)) return hop;
    nearestTrusted = hop;
  }
  return nearestTrusted;
}

/** The capture's mark of a request whose socket peer is a trusted proxy: its X-Forwarded-* headers are that proxy's word. */
const VIA_TRUSTED_PROXY = "proxied";

/** What the capture writes for a request from `socketAddress`: the client address, and whether a trusted proxy sent it. */
export function clientAddressStamp(socketAddress: string | undefined, forwardedFor: string | undefined, trusted?: BlockList): string {
  const peer = normalizeAddress(socketAddress ?? "");
  const via = trusted && isTrusted(trusted, peer) ? ` ${VIA_TRUSTED_PROXY}` : "";
  return `${token()} ${resolveClientAddress(peer, forwardedFor, trusted)}${via}`;
}

/** Writes the capture's stamp into the request's headers, where the route handlers read it. */
export function stampClientAddress(request: IncomingMessage, socket: Socket, trusted?: BlockList): void {
  const forwarded = request.headers["x-forwarded-for"];
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddressStamp(socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(",") : forwarded, trusted);
}

/** Installs the capture once per process. */
export function captureClientAddresses(trusted?: BlockList): void {
  if (holder.__clientAddressCapture) return;
  holder.__clientAddressCapture = true;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    stampClientAddress(request, socket, trusted);
  });
}

/** What the capture wrote for this request, if the header carries this process's token. */
function readCapture(headers: HeaderReader): { address: string; viaTrustedProxy: boolean } | undefined {
  const [presented, address, via] = (headers.get(CLIENT_ADDRESS_HEADER) ?? "").split(" ");
  return presented === token() && address ? { address, viaTrustedProxy: via === VIA_TRUSTED_PROXY } : undefined;
}

/** The address the capture wrote for this request, or UNKNOWN_ADDRESS. */
export function readClientAddress(headers: HeaderReader): string {
  return readCapture(headers)?.address ?? UNKNOWN_ADDRESS;
}

/**
 * Whether the request's socket peer is a TRUSTED_PROXY. Only then are X-Forwarded-Host (and the
 * rest of X-Forwarded-*) believed: a client that reaches the app directly says what it likes in
 * them, whether or not a proxy is configured.
 */
export function cameThroughTrustedProxy(headers: HeaderReader): boolean {
  return readCapture(headers)?.viaTrustedProxy ?? false;
}
