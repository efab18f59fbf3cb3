import "server-only";
import type { AddressNetworks } from "@/lib/security/address-networks";

/*
 * One process's pool of pending states, each counted against the three networks its request came
 * from (lib/security/address-networks.ts). A full pool makes room by dropping one state: the
 * oldest of the widest network holding the most states, then of its narrower network holding the
 * most, then of its narrowest. The networks that flood hold the most, so they lose their own
 * states; a member's network, holding a few, keeps them. Counts move by one, so each network
 * keeps its sub-networks in buckets by count and finds its largest at once, whatever the flood.
 */

/**
 * A network: its sub-networks by how many states each holds, or at the narrowest level its states,
 * oldest first. Each collection is made when first needed: a network uses only one kind, and a
 * flood from many networks makes three of them per state.
 */
class Network {
  size = 0;
  states?: Set<string>;
  private children?: Map<string, Network>;
  private namesBySize?: Map<number, Set<string>>;
  private largestSize = 0;

  child(name: string): Network {
    this.children ??= new Map();
    let child = this.children.get(name);
    if (!child) this.children.set(name, (child = new Network()));
    return child;
  }

  /** Counts one state more or fewer under the sub-network `name`; an empty one is forgotten. */
  resize(name: string, child: Network, delta: 1 | -1) {
    const namesBySize = (this.namesBySize ??= new Map());
    const bucket = namesBySize.get(child.size);
    bucket?.delete(name);
    if (bucket?.size === 0) namesBySize.delete(child.size);
    child.size += delta;
    if (child.size === 0) this.children?.delete(name);
    else if (namesBySize.has(child.size)) namesBySize.get(child.size)!.add(name);
    else namesBySize.set(child.size, new Set([name]));
    this.largestSize = Math.max(this.largestSize, child.size);
    // A count moved by one: the largest is the same, or one less.
    if (!namesBySize.has(this.largestSize)) this.largestSize = Math.max(0, this.largestSize - 1);
  }

  largest(): Network | undefined {
    const name = this.namesBySize?.get(this.largestSize)?.values().next().value;
    return name === undefined ? undefined : this.children?.get(name);
  }
}

type Pooled<T> = { value: T; expiresAt: number; networks: AddressNetworks };

export type NetworkPool<T> = {
  readonly size: number;
  get(key: string): Pooled<T> | undefined;
  /** Adds or replaces `key`; the caller has made room. */
  set(key: string, entry: Pooled<T>): void;
  delete(key: string): void;
  /** Drops every entry expired at `now`: all share one lifetime, so they leave in the order they came. */
  dropExpired(now: number): void;
  /** Drops the oldest entry of the network holding the most, level by level. */
  evictFromLargest(): void;
};

export function createNetworkPool<T>(): NetworkPool<T> {
  const entries = new Map<string, Pooled<T>>();
  const root = new Network();

  /** The root and the three networks of `networks`, widest first. */
  const pathOf = (networks: AddressNetworks) => {
    const path = [root];
    for (const name of networks) path.push(path.at(-1)!.child(name));
    return path;
  };

  function count(key: string, networks: AddressNetworks, delta: 1 | -1) {
    const path = pathOf(networks);
    const narrowest = path[3]!;
    if (delta === 1) (narrowest.states ??= new Set()).add(key);
    else narrowest.states?.delete(key);
    for (let level = 2; level >= 0; level--) path[level]!.resize(networks[level]!, path[level + 1]!, delta);
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    count(key, entry.networks, -1);
  }

  return {
    get size() {
      return entries.size;
    },
    get: (key) => entries.get(key),
    set(key, entry) {
      remove(key);
      entries.set(key, entry);
      count(key, entry.networks, 1);
    },
    delete: remove,
    dropExpired(now) {
      for (const [key, entry] of entries) {
        if (entry.expiresAt > now) return;
        remove(key);
      }
    },
    evictFromLargest() {
      let network: Network | undefined = root;
      for (let level = 0; level < 3 && network; level++) network = network.largest();
      const oldest = network?.states?.values().next().value;
      if (oldest !== undefined) remove(oldest);
    },
  };
}
