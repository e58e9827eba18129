/**
 * Global setup (Node side) of the workers tests: starts the scripted model server (a TEST DOUBLE
 * of an OpenAI-compatible model server, see scripted-model.ts) and hands its origin to the pool as
 * the MODEL_ORIGIN binding.
 */
import type { TestProject } from "vitest/node";
import { startModelServer } from "./model-server";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startModelServer();
  project.provide("modelOrigin", server.url);
  return () => server.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    modelOrigin: string;
  }
}
