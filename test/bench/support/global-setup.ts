/**
 * Global setup (Node side) of the workers tests: starts the scripted model server (a TEST DOUBLE
 * of an OpenAI-compatible model server, see scripted-model.ts) in a child process
 * (model-server-main.ts) and hands its origin to the pool as the MODEL_ORIGIN binding.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { z } from "zod";

const ServerLine = z.object({ url: z.string().url() });

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = fileURLToPath(new URL("./model-server-main.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", entry], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once("line", resolve)),
    exited.then((code) => {
      throw new Error(`the scripted model server exited (code ${code}) before it listened`);
    }),
  ]);
  lines.close();
  child.stdout.resume();
  project.provide("modelOrigin", ServerLine.parse(JSON.parse(first)).url);
  return async () => {
    child.stdin.end();
    await exited;
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    modelOrigin: string;
  }
}
