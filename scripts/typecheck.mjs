/**
 * Typechecks the two programs side by side: the Worker side (`tsconfig.json`: src and the workerd
 * tests, Workers types) and the Node side (`tsconfig.node.json`: scripts, the CLI and its tests, the
 * browser tests, Node types). They share no compiler options that would let one program cover
 * both, and one after the other took twice as long on the two-core machine.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const programs = ["tsconfig.json", "tsconfig.node.json"];

const codes = await Promise.all(
  programs.map(
    (project) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [tsc, "--noEmit", "-p", project], { stdio: "inherit" });
        child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
for (const [i, code] of codes.entries()) if (code !== 0) console.error(`typecheck: ${programs[i]} failed`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
