/**
 * Typechecks the two programs side by side: the Worker side (`tsconfig.json`: src and the workerd
 * tests, Workers types) and the Node side (`tsconfig.node.json`: scripts, the CLI and its tests, the
 * browser tests, Node types). They share no compiler options that would let one program cover
 * both.
 *
 * The compiler is TypeScript 7 (`typescript-native`, the native port): on this code it reports what
 * TypeScript 5.9 reports for a quarter to a sixth of the CPU (a cold check of both programs took 6.5
 * and 10.4 CPU-seconds, against 40.6), and beside the suite every CPU-second counts, whatever its
 * priority. TypeScript 5.9 stays installed for its JavaScript API (openapi-typescript and the
 * generated client's check in test/web/browser/openapi.test.ts).
 */
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { dirname, join } from "node:path";
import { runNode } from "./run-node.mjs";

// `npm test` runs this beside the suite at the lowest priority (the compiler inherits it).
if (process.argv.includes("--low-priority")) setPriority(19);

const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")), "bin", "tsc");
const programs = ["tsconfig.json", "tsconfig.node.json"];
// What each program found last time, so a second run checks only what changed since; tsc rechecks
// whatever the record does not match.
const cache = join(import.meta.dirname, "..", "node_modules", ".cache", "typecheck");

// One checker thread per program: the two programs already take the two cores, and more threads
// cost more CPU in all.
const codes = await Promise.all(
  programs.map((project) => runNode(tsc, ["--noEmit", "-p", project, "--singleThreaded", "--incremental", "--tsBuildInfoFile", join(cache, `${project}.tsbuildinfo`)])),
);
for (const [i, code] of codes.entries()) if (code !== 0) console.error(`typecheck: ${programs[i]} failed`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
