/**
 * One Durable Object holding the imported operations the sandbox replicates (their replica models,
 * registered by the app on import through `/__admin/replicas`), keyed by host and path. Models stay
 * in its storage and only recently used ones in memory, so ten thousand of them cost little.
 */
import { DurableObject } from "cloudflare:workers";
import { replicaModelSchema, type ReplicaModel } from "../../catalog/import/model";
import type { SandboxEnv } from "../env";

export const REPLICA_REGISTRY = "replicas";

const routeKey = (host: string, path: string) => `m:${host.toLowerCase()}${path}`;
const RECENT = 500;

export class SandboxReplicas extends DurableObject<SandboxEnv> {
  private readonly recent = new Map<string, ReplicaModel | null>();

  private remember(key: string, model: ReplicaModel | null): void {
    this.recent.delete(key);
    this.recent.set(key, model);
    if (this.recent.size > RECENT) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  /** Adds or replaces models; an older version of a tool never replaces a newer one. */
  async put(models: ReplicaModel[]): Promise<number> {
    const keys = models.map((m) => routeKey(m.host, m.path));
    const stored = new Map<string, string>();
    for (let i = 0; i < keys.length; i += 128) for (const [k, v] of await this.ctx.storage.get<string>(keys.slice(i, i + 128))) stored.set(k, v);
    const writes: Record<string, string> = {};
    models.forEach((model, i) => {
      const key = keys[i] ?? "";
      const before = stored.get(key);
      const parsed = before ? replicaModelSchema.safeParse(JSON.parse(before)) : null;
      if (parsed?.success && parsed.data.tool === model.tool && parsed.data.version > model.version) return;
      writes[key] = JSON.stringify(model);
      this.remember(key, model);
    });
    const entries = Object.entries(writes);
    for (let i = 0; i < entries.length; i += 128) await this.ctx.storage.put(Object.fromEntries(entries.slice(i, i + 128)));
    return entries.length;
  }

  async find(host: string, path: string): Promise<ReplicaModel | null> {
    const key = routeKey(host, path);
    if (this.recent.has(key)) return this.recent.get(key) ?? null;
    const text = await this.ctx.storage.get<string>(key);
    const parsed = text ? replicaModelSchema.safeParse(JSON.parse(text)) : null;
    const model = parsed?.success ? parsed.data : null;
    this.remember(key, model);
    return model;
  }

  async count(): Promise<number> {
    return (await this.ctx.storage.list({ prefix: "m:" })).size;
  }
}
