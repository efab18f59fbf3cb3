/** The slots of a run's workers: its first slot (E2E_SLOT_BASE, set by its config) and the next ones. */
export function slotsOf(workers: number): number[] {
  const base = Number(process.env.E2E_SLOT_BASE ?? "0");
  return Array.from({ length: workers }, (_, index) => base + index);
}

/** Workers for a run: the variable `name` when set, else `fallback`. */
export function workersFromEnv(name: string, fallback: number): number {
  const workers = Number(process.env[name] || fallback);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`${name} must be a positive integer, not ${process.env[name]}`);
  return workers;
}
