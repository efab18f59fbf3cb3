/**
 * How long `vi.waitFor` waits for a condition. Its default, one second, is luck on a busy machine
 * (a CI runner, a build beside the tests): a condition that holds is seen at once, so a long bound
 * costs a passing test nothing and only catches one that hangs.
 */
export const UNTIL = { timeout: 30_000, interval: 20 } as const;
