import "server-only";
import { isIP } from "node:net";

/*
 * The networks a client address belongs to, as providers hand them out. An IPv6 home or office
 * gets a /64 at least, often a /56 or a /48; an IPv4 client is one address, often one of many
 * behind a NAT. Rate limits count per /64 (or per IPv4 address); the login-state pools
 * (lib/auth/pending-states.ts) weigh a client by its three nested networks.
 */

/** An address's networks, widest first: IPv6 /48, /56, /64; IPv4 /16, /24, the address. */
export type AddressNetworks = readonly [string, string, string];

/**
 * Its three networks, widest first. What is not an address (UNKNOWN_ADDRESS, for a request the
 * address capture did not see) is one network at every level.
 */
export function addressNetworks(address: string): AddressNetworks {
  switch (isIP(address)) {
    case 4: {
      const octets = address.split(".");
      return [`${octets.slice(0, 2).join(".")}.0.0/16`, `${octets.slice(0, 3).join(".")}.0/24`, address];
    }
    case 6: {
      const groups = expandIpv6(address);
      const head = groups.slice(0, 3).join(":");
      const net56 = (parseInt(groups[3] ?? "0", 16) & 0xff00).toString(16);
      return [`${head}::/48`, `${head}:${net56}::/56`, `${head}:${groups[3]}::/64`];
    }
    default:
      return [address, address, address];
  }
}

/** IPv6 clients get a /64 each, as providers hand them out: the rate limit's key is the network. */
export function rateLimitKey(address: string): string {
  return addressNetworks(address)[2];
}

/** The eight groups of an IPv6 address, each without leading zeros. */
function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => "0");
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}
