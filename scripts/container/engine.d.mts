export type Engine = { command: string[]; podman: boolean; error?: undefined };
/** The engine's command (with its flags) and whether it is Podman, or an error saying what is missing. */
export function findEngine(env?: Record<string, string | undefined>): Engine | { error: string };
