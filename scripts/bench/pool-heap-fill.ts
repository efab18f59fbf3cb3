// Run by pool-heap.ts in a node of its own (--expose-gc): prints what a full pool adds to the heap.
import { createMemoryPendingStates, POOL_ROOM } from "@/lib/auth/pending-states";
import { STATE_TTL_SECONDS } from "@/lib/auth/state";
import { addressNetworks } from "@/lib/security/address-networks";
import { randomToken, sha256Hex } from "@/lib/security/random";
import type { PoolHeap } from "./pool-heap";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("pool-heap-fill.ts needs node --expose-gc");
/** The pools measured stay alive here until the process ends, so that no collection takes one before it is read. */
const measured: unknown[] = [];

/** Heap in use after a full collection, in MB. */
function liveHeapMb(collect: () => void): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** The heap a full anonymous pool adds, each state as issueState adds one (lib/auth/state.ts), from `addressOf(i)`. */
async function fillPool(collect: () => void, addressOf: (index: number) => string): Promise<number> {
  const store = createMemoryPendingStates();
  measured.push(store);
  const before = liveHeapMb(collect);
  for (let index = 0; index < POOL_ROOM.anonymous; index++) {
    const pending = { sid: randomToken(), renewal: false, launchId: randomToken(), campusOrigin: "https://campus.example", expiresAt: Date.now() + STATE_TTL_SECONDS * 1000 };
    await store.add(`state:${sha256Hex(randomToken())}`, pending, STATE_TTL_SECONDS, addressNetworks(addressOf(index)));
  }
  return liveHeapMb(collect) - before;
}

const result: PoolHeap = {
  states: POOL_ROOM.anonymous,
  manyNetworksMb: await fillPool(gc, (index) => `2001:db8:${index.toString(16)}::1`),
  oneNetworkMb: await fillPool(gc, () => "2001:db8:1::1"),
};
process.stdout.write(JSON.stringify(result));
