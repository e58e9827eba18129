/**
 * Typechecks the two programs side by side: the Worker side (`tsconfig.json`: src and the workerd
 * tests, Workers types) and the Node side (`tsconfig.node.json`: scripts, the CLI and its tests, the
 * browser tests, Node types). They share no compiler options that would let one program cover
 * both, and one after the other took twice as long on the two-core machine.
 */
import { createRequire } from "node:module";
import { runNode } from "./run-node.mjs";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const programs = ["tsconfig.json", "tsconfig.node.json"];

const codes = await Promise.all(programs.map((project) => runNode(tsc, ["--noEmit", "-p", project])));
for (const [i, code] of codes.entries()) if (code !== 0) console.error(`typecheck: ${programs[i]} failed`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
