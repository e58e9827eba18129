/**
 * One Durable Object holding the imported operations the sandbox replicates (their replica models,
 * registered by the app on import through `/__admin/replicas`), keyed by host and path. Kept in
 * its storage, so a restarted sandbox with the same state still answers them.
 */
import { DurableObject } from "cloudflare:workers";
import { replicaModelSchema, type ReplicaModel } from "../../catalog/import/model";
import type { SandboxEnv } from "../env";

export const REPLICA_REGISTRY = "replicas";

const routeKey = (host: string, path: string) => `${host.toLowerCase()}${path}`;

export class SandboxReplicas extends DurableObject<SandboxEnv> {
  private models: Map<string, ReplicaModel> | null = null;

  private async loaded(): Promise<Map<string, ReplicaModel>> {
    if (this.models) return this.models;
    const stored = await this.ctx.storage.list<string>({ prefix: "m:" });
    const models = new Map<string, ReplicaModel>();
    for (const [, text] of stored) {
      const parsed = replicaModelSchema.safeParse(JSON.parse(text));
      if (parsed.success) models.set(routeKey(parsed.data.host, parsed.data.path), parsed.data);
    }
    this.models = models;
    return models;
  }

  /** Adds or replaces models; an older version never replaces a newer one. */
  async put(models: ReplicaModel[]): Promise<number> {
    const current = await this.loaded();
    const writes: Record<string, string> = {};
    for (const model of models) {
      const key = routeKey(model.host, model.path);
      const before = current.get(key);
      if (before && before.tool === model.tool && before.version > model.version) continue;
      current.set(key, model);
      writes[`m:${key}`] = JSON.stringify(model);
    }
    const entries = Object.entries(writes);
    for (let i = 0; i < entries.length; i += 128) await this.ctx.storage.put(Object.fromEntries(entries.slice(i, i + 128)));
    return entries.length;
  }

  async find(host: string, path: string): Promise<ReplicaModel | null> {
    return (await this.loaded()).get(routeKey(host, path)) ?? null;
  }

  async count(): Promise<number> {
    return (await this.loaded()).size;
  }
}
