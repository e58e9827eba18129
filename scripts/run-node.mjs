/** Runs a Node script in a child process with this terminal's streams; resolves to its exit code. */
import { spawn } from "node:child_process";

export function runNode(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
