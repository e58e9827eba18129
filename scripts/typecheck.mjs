/**
 * Typechecks the two programs side by side: the Worker side (`tsconfig.json`: src and the workerd
 * tests, Workers types) and the Node side (`tsconfig.node.json`: scripts, the CLI and its tests, the
 * browser tests, Node types). They share no compiler options that would let one program cover
 * both, and one after the other took twice as long on the two-core machine.
 */
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { join } from "node:path";
import { runNode } from "./run-node.mjs";

// `npm test` runs this beside the suite at the lowest priority (the compilers inherit it), so the
// typecheck takes the CPU the suite leaves idle instead of slowing the suite's start.
if (process.argv.includes("--low-priority")) setPriority(19);

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const programs = ["tsconfig.json", "tsconfig.node.json"];
// What each program found last time, so a second run checks only what changed since (about 16
// CPU-seconds instead of about 57 with nothing changed); tsc rechecks whatever the record does not match.
const cache = join(import.meta.dirname, "..", "node_modules", ".cache", "typecheck");

const codes = await Promise.all(programs.map((project) => runNode(tsc, ["--noEmit", "-p", project, "--incremental", "--tsBuildInfoFile", join(cache, `${project}.tsbuildinfo`)])));
for (const [i, code] of codes.entries()) if (code !== 0) console.error(`typecheck: ${programs[i]} failed`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
