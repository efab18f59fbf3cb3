import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, BlockList } from "node:net";
import { describe, expect, it } from "vitest";
import {
  CLIENT_ADDRESS_HEADER,
  UNKNOWN_ADDRESS,
  cameThroughTrustedProxy,
  captureClientAddresses,
  parseForwardedHop,
  parseTrustedProxies,
  readClientAddress,
  resolveClientAddress,
  stampClientAddress,
} from "./client-address";

const toHeaders = (request: IncomingMessage) => new Headers(Object.entries(request.headers).map(([name, value]): [string, string] => [name, String(value)]));

describe("the client address for rate limits comes from the socket unless a trusted proxy is configured", () => {
  it("without a trusted proxy, X-Forwarded-For is the client's own word and ignored", () => {
    expect(resolveClientAddress("::ffff:203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
  });

  it("from a trusted proxy, the right-most address that is not a trusted proxy", () => {
    const trusted = parseTrustedProxies(["10.0.0.0/8"]);
    expect(resolveClientAddress("10.0.0.7", "203.0.113.9", trusted)).toBe("203.0.113.9");
    // A client cannot pin the result by sending its own X-Forwarded-For: the proxy appends the real one.
    expect(resolveClientAddress("10.0.0.7", "198.51.100.1, 203.0.113.9, 10.0.0.3", trusted)).toBe("203.0.113.9");
  });

  it("a request that did not come through the trusted proxy is judged by its socket", () => {
    const trusted = parseTrustedProxies(["10.0.0.7"]);
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", trusted)).toBe("203.0.113.9");
  });

  it("a header the capture did not write is not believed", () => {
    expect(readClientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "guess 198.51.100.1" }))).toBe(UNKNOWN_ADDRESS);
    expect(readClientAddress(new Headers())).toBe(UNKNOWN_ADDRESS);
  });

  it("over a real socket: the capture writes the peer's address, whatever the client sent", async () => {
    captureClientAddresses();
    const server = createServer((request, response) => response.end(readClientAddress(toHeaders(request))));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "x-forwarded-for": "198.51.100.1", [CLIENT_ADDRESS_HEADER]: "forged 198.51.100.1" },
    }).then((response) => response.text());
    server.close();
    expect(answer).toBe("127.0.0.1");
  });
});

describe("X-Forwarded-For hops are read as addresses, with or without a port", () => {
  it("a port is stripped from an IPv4 hop and a bracketed IPv6 one; brackets alone are accepted", () => {
    expect(parseForwardedHop(" 203.0.113.9:5678 ")).toBe("203.0.113.9");
    expect(parseForwardedHop("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(parseForwardedHop("[2001:db8::1]")).toBe("2001:db8::1");
    expect(parseForwardedHop("2001:db8::1")).toBe("2001:db8::1");
    expect(parseForwardedHop("[::ffff:203.0.113.9]:80")).toBe("203.0.113.9");
  });

  it("anything that is not an address names no client", () => {
    for (const hop of ["unknown", "_hidden", "_SEVKISEK", "203.0.113.9:", "[203.0.113.9]:80", "[2001:db8::1]:x", "1.2.3.4:5:6", "<script>", ""]) {
      expect(parseForwardedHop(hop), hop).toBeUndefined();
    }
  });

  it("from a trusted proxy, clients behind proxies that append ports get a bucket each", () => {
    const trusted = parseTrustedProxies(["10.0.0.0/8"]);
    expect(resolveClientAddress("10.0.0.7", "203.0.113.9:5678", trusted)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.7", "198.51.100.1:1234", trusted)).toBe("198.51.100.1");
    expect(resolveClientAddress("10.0.0.7", "[2001:db8:1:2::1]:443, 10.0.0.3:80", trusted)).toBe("2001:db8:1:2::1");
  });

  it("a hop that is no address ends the chain at the nearest trusted proxy's view, never one shared bucket", () => {
    const trusted = parseTrustedProxies(["10.0.0.0/8"]);
    // The proxy that received the request from `unknown` is the client as far as anyone knows.
    expect(resolveClientAddress("10.0.0.7", "unknown", trusted)).toBe("10.0.0.7");
    expect(resolveClientAddress("10.0.0.7", "_hidden, 10.0.0.3", trusted)).toBe("10.0.0.3");
    expect(resolveClientAddress("10.0.0.7", "garbage, 10.0.0.3:8080", trusted)).toBe("10.0.0.3");
    expect(resolveClientAddress("10.0.0.7", "unknown", trusted)).not.toBe(UNKNOWN_ADDRESS);
    // Words a client put further left change nothing: the proxy appended the real address.
    expect(resolveClientAddress("10.0.0.7", "unknown, 203.0.113.9", trusted)).toBe("203.0.113.9");
  });
});

describe("X-Forwarded-* are a proxy's word only when the socket's peer is a trusted proxy", () => {
  /** A real server that stamps each request as the capture does, and answers what it read. */
  async function stampingServer(trusted?: BlockList) {
    const server = createServer((request, response) => {
      stampClientAddress(request, request.socket, trusted);
      const headers = toHeaders(request);
      response.end(JSON.stringify({ address: readClientAddress(headers), proxied: cameThroughTrustedProxy(headers) }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const ask = (headers: Record<string, string>) => fetch(`http://127.0.0.1:${port}/`, { headers }).then((response) => response.json());
    return { ask, close: () => server.close() };
  }

  it("from a trusted peer: believed", async () => {
    const server = await stampingServer(parseTrustedProxies(["127.0.0.1"]));
    expect(await server.ask({ "x-forwarded-for": "203.0.113.9:5678" })).toEqual({ address: "203.0.113.9", proxied: true });
    server.close();
  });

  it("with TRUSTED_PROXY set, from a peer that is not in it: not believed", async () => {
    const server = await stampingServer(parseTrustedProxies(["10.0.0.7"]));
    expect(await server.ask({ "x-forwarded-for": "203.0.113.9", [CLIENT_ADDRESS_HEADER]: "forged 203.0.113.9 proxied" })).toEqual({ address: "127.0.0.1", proxied: false });
    server.close();
  });

  it("without TRUSTED_PROXY: not believed", async () => {
    const server = await stampingServer();
    expect(await server.ask({ "x-forwarded-for": "203.0.113.9" })).toEqual({ address: "127.0.0.1", proxied: false });
    server.close();
  });

  it("a mark the capture did not write is not believed", () => {
    expect(cameThroughTrustedProxy(new Headers({ [CLIENT_ADDRESS_HEADER]: "guess 203.0.113.9 proxied" }))).toBe(false);
    expect(cameThroughTrustedProxy(new Headers())).toBe(false);
  });
});
