import { readFileSync } from "node:fs";

/** Node opens its inspector on a free loopback port when sent SIGUSR1, and not before. */
export const INSPECT_PORT_FLAG = "--inspect-port=0";

/**
 * The environment of a server the bench may ask for a full collection: the bench's own
 * NODE_OPTIONS, as every server got before, and INSPECT_PORT_FLAG. Until the signal the process
 * runs as it would without the flag.
 */
export const INSPECTOR_ON_SIGNAL = { NODE_OPTIONS: [process.env.NODE_OPTIONS, INSPECT_PORT_FLAG].filter(Boolean).join(" ") };

/**
 * A full garbage collection in a running server, started with INSPECTOR_ON_SIGNAL. `pid` is the
 * serving process, `logPath` the file its standard error goes to, where Node prints the
 * inspector's address; `withinMs` bounds each wait. Idle, V8's memory reducer would give back the
 * same memory, but only once its timer has been started, so a process may hold its start-up heap
 * for minutes (docs/performance.md, "What holds a process's memory"). Asked of both processes, the
 * idle figure measures what each keeps rather than when the reducer ran. The inspector stays open,
 * with no session, until the process ends.
 */
export async function collectGarbage(pid: number, logPath: string, { withinMs = 30_000, signal = (id: number): void => void process.kill(id, "SIGUSR1") } = {}) {
  const printedBefore = inspectorAddresses(readFileSync(logPath, "utf8")).length;
  signal(pid);
  const deadline = Date.now() + withinMs;
  let address: string | undefined;
  while (!(address = inspectorAddresses(readFileSync(logPath, "utf8"))[printedBefore])) {
    if (Date.now() > deadline) throw new Error(`process ${pid} opened no inspector within ${withinMs / 1000} s (was it started with ${INSPECT_PORT_FLAG}?)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await askInspector(address, "HeapProfiler.collectGarbage", withinMs);
}

/** The inspector addresses Node printed in a log, oldest first. */
export function inspectorAddresses(log: string): string[] {
  return [...log.matchAll(/Debugger listening on (ws:\/\/\S+)/g)].map((match) => match[1]!);
}

/** Sends one Chrome DevTools Protocol method and waits for its answer. */
async function askInspector(address: string, method: string, withinMs: number) {
  const socket = new WebSocket(address);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method} was not answered within ${withinMs / 1000} s`)), withinMs);
      socket.addEventListener("error", () => reject(new Error(`the inspector at ${address} refused the connection`)));
      socket.addEventListener("open", () => socket.send(JSON.stringify({ id: 1, method })));
      socket.addEventListener("message", (event) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (answer.id !== 1) return;
        clearTimeout(timer);
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve();
      });
    });
  } finally {
    socket.close();
  }
}
