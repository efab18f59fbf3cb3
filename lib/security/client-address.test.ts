import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  CLIENT_ADDRESS_HEADER,
  UNKNOWN_ADDRESS,
  captureClientAddresses,
  parseTrustedProxies,
  rateLimitKey,
  readClientAddress,
  resolveClientAddress,
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

  it("IPv6 clients share a budget per /64, as providers hand them out", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("203.0.113.9")).toBe("203.0.113.9");
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
