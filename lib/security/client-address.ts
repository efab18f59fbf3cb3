import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP, type Socket } from "node:net";
import { randomToken } from "./random";

/*
 * The client address for rate limits. Next's route handlers see no socket, and `next start` fills
 * X-Forwarded-For only when the client has not sent one, so that header alone is whatever the
 * client says. Node publishes every incoming request on the `http.server.request.start`
 * diagnostics channel, with its socket, before any handler runs: captureClientAddresses()
 * (called once at start-up, instrumentation.ts) writes the socket's address, or with a trusted
 * proxy the address that proxy saw, into a header of the request under a per-process token that
 * no client can forge. readClientAddress() trusts that header only with the token.
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
 * The socket's address, unless it is a trusted proxy: then X-Forwarded-For read from the right
 * (each proxy appends the address it received the request from), skipping trusted proxies; the
 * first other address is the client. Entries further left are the client's own words.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trusted?: BlockList): string {
  const peer = normalizeAddress(socketAddress ?? "");
  if (!peer) return UNKNOWN_ADDRESS;
  if (!trusted || !isTrusted(trusted, peer)) return peer;
  const hops = (forwardedFor ?? "").split(",").map(normalizeAddress).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return UNKNOWN_ADDRESS;
    if (!isTrusted(trusted, hop)) return hop;
  }
  return hops[0] ?? peer;
}

/** Installs the capture once per process. */
export function captureClientAddresses(trusted?: BlockList): void {
  if (holder.__clientAddressCapture) return;
  holder.__clientAddressCapture = true;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const forwarded = request.headers["x-forwarded-for"];
    const address = resolveClientAddress(socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(",") : forwarded, trusted);
    request.headers[CLIENT_ADDRESS_HEADER] = `${token()} ${address}`;
  });
}

/** The address the capture wrote for this request, or UNKNOWN_ADDRESS. */
export function readClientAddress(headers: Headers): string {
  const [presented, address] = (headers.get(CLIENT_ADDRESS_HEADER) ?? "").split(" ");
  return presented === token() && address ? address : UNKNOWN_ADDRESS;
}

/** IPv6 clients get a /64 each, as providers hand them out: the rate limit's key is the network. */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => "0");
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}
