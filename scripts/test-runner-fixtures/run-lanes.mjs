// scripts/test-runner.mjs on the lanes in a JSON file, for scripts/test-runner.test.ts.
import { readFileSync } from "node:fs";
import { runLanes } from "../test-runner.mjs";

console.log(`runner ${process.pid}`);
const results = await runLanes(JSON.parse(readFileSync(process.argv[2], "utf8")));
console.log(`results ${JSON.stringify(results)}`);
