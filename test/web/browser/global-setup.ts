/**
 * Global setup of the web project: one local stack with its fixture (support.ts) for every file,
 * the dashboard in Chromium and the OpenAPI document's checks, instead of a stack each.
 */
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startFixture, type WebStack } from "./support";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fixture = await startFixture(() => undefined);
  project.provide("webStack", { appUrl: fixture.stack.appUrl, token: fixture.token });
  return async () => {
    await fixture.stack.dispose();
    rmSync(fixture.state, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    webStack: WebStack;
  }
}
