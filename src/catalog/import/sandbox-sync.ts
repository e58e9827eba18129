/**
 * Registers imported operations with the sandbox (its `/__admin/replicas` route), so that the
 * sandbox replicates them without a redeploy. Only where SANDBOX_ADMIN_URL is configured (the dev
 * stack and the tests); against the real hosts there is nothing to register.
 */
import { ApiError } from "../../app/errors";
import type { ReplicaModel } from "./model";

const CHUNK = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sandboxConfigured(env: Env): boolean {
  return env.SANDBOX_ADMIN_URL !== undefined && env.SANDBOX_ADMIN_URL !== "";
}

export async function registerReplicas(env: Env, models: readonly ReplicaModel[]): Promise<number> {
  if (!sandboxConfigured(env) || models.length === 0) return 0;
  const url = `${env.SANDBOX_ADMIN_URL.replace(/\/+$/, "")}/__admin/replicas`;
  for (let i = 0; i < models.length; i += CHUNK) {
    const body = JSON.stringify({ models: models.slice(i, i + CHUNK) });
    const put = () => fetch(url, { method: "PUT", headers: { Authorization: `Bearer ${env.SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" }, body });
    let response: Response;
    try {
      // Registering is idempotent (a model never replaces a newer version): a lost connection is
      // tried again, twice, after a pause (a sandbox busy restarting its object drops a few).
      response = await put()
        .catch(() => pause(100).then(put))
        .catch(() => pause(500).then(put));
    } catch (error) {
      throw new ApiError("UPSTREAM_UNAVAILABLE", `the sandbox could not be reached to register the imported operations (${error instanceof Error ? `${error.name}: ${error.message.slice(0, 100)}` : "error"}); nothing was imported`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ApiError("UPSTREAM_UNAVAILABLE", `the sandbox refused the imported operations (HTTP ${response.status}); nothing was imported`);
    }
    await response.body?.cancel();
  }
  return models.length;
}
