import { describe, expect, it } from "vitest";
import { addressNetworks, rateLimitKey } from "./address-networks";
import { UNKNOWN_ADDRESS } from "./client-address";

describe("the networks of a client address, as providers hand them out", () => {
  it("IPv6 clients share a budget per /64", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("203.0.113.9")).toBe("203.0.113.9");
  });

  it("an IPv6 address is in a /48, a /56 and a /64, widest first", () => {
    expect(addressNetworks("2001:db8:1:2ab:aaaa::1")).toEqual(["2001:db8:1::/48", "2001:db8:1:200::/56", "2001:db8:1:2ab::/64"]);
    expect(addressNetworks("2001:0db8:0001:02ff:0:0:0:1")).toEqual(["2001:db8:1::/48", "2001:db8:1:200::/56", "2001:db8:1:2ff::/64"]);
    expect(addressNetworks("2001:db8::1")).toEqual(["2001:db8:0::/48", "2001:db8:0:0::/56", "2001:db8:0:0::/64"]);
  });

  it("an IPv4 address is in a /16 and a /24, then is its own", () => {
    expect(addressNetworks("203.0.113.9")).toEqual(["203.0.0.0/16", "203.0.113.0/24", "203.0.113.9"]);
  });

  it("what is not an address is one network at every level", () => {
    expect(addressNetworks(UNKNOWN_ADDRESS)).toEqual([UNKNOWN_ADDRESS, UNKNOWN_ADDRESS, UNKNOWN_ADDRESS]);
  });
});
