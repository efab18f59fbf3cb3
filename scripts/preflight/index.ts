// The preflight of `npm test` (scripts/test.mjs): what the stages need, found or not.
export { thisMachine } from "./host.ts";
export { preflight } from "./preflight.ts";
