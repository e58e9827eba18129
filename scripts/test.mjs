/**
 * `npm test`: the typecheck (scripts/typecheck.mjs) and the vitest suite side by side, the typecheck
 * at the lowest CPU priority so that it takes what the suite leaves idle instead of slowing it.
 * Extra arguments go to vitest; the exit code is non-zero when either fails.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { runNode } from "./run-node.mjs";

const require = createRequire(import.meta.url);
const vitest = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs");

const [typecheck, suite] = await Promise.all([runNode(join(import.meta.dirname, "typecheck.mjs"), ["--low-priority"]), runNode(vitest, ["run", ...process.argv.slice(2)])]);
if (typecheck !== 0) console.error("npm test: the typecheck failed");
process.exit(typecheck !== 0 ? typecheck : suite);
