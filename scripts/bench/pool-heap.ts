import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What the anonymous login-state pool at its full room costs one process's heap, from as many IPv6 /48s and from one. */
export type PoolHeap = { states: number; manyNetworksMb: number; oneNetworkMb: number };

const FILL = fileURLToPath(new URL("./pool-heap-fill.ts", import.meta.url));

/**
 * The pool of the app's in-memory store filled to its room (pool-heap-fill.ts), in a node of its
 * own started with --expose-gc, so that the heap is read after a full collection and nothing of
 * the bench's own is in it. `react-server` lets the server-only modules load.
 */
export function measurePoolHeap(): PoolHeap {
  const output = execFileSync(process.execPath, ["--expose-gc", "--conditions=react-server", "--import", "tsx", FILL], { encoding: "utf8" });
  return JSON.parse(output) as PoolHeap;
}
