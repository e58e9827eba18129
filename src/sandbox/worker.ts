/**
 * The embedded sandbox: one Worker that answers every catalogued operation under
 * `/<real host>/<real path>`, so a provider's base URL can point at it instead of the real host.
 * `/__admin` switches a tenant's clock, scenarios and quotas and reads its call counts.
 */
import { Hono } from "hono";
import { dispatch } from "./dispatch";
import type { SandboxEnv } from "./env";
import { keysFor, TENANT_ID } from "./keys";
import { SANDBOX_OPERATIONS } from "./services";
import { tenantConfigSchema } from "./tenant";
import { replicaModelSchema } from "../catalog/import/model";
import { replicaOperation } from "./replica/operation";
import { REPLICA_REGISTRY } from "./replica/registry";
import { z } from "zod";

export { SandboxTenant } from "./tenant";
export { SandboxReplicas } from "./replica/registry";

const app = new Hono<{ Bindings: SandboxEnv }>();

const admin = new Hono<{ Bindings: SandboxEnv }>();
admin.use("*", async (c, next) => {
  if (c.req.header("authorization") !== `Bearer ${c.env.SANDBOX_ADMIN_TOKEN}`) return c.json({ error: "admin token required" }, 401);
  return next();
});
admin.use("/tenants/:tenant/*", async (c, next) => {
  if (!TENANT_ID.test(c.req.param("tenant") ?? "")) return c.json({ error: "tenant ids are 1-64 of [A-Za-z0-9_-]" }, 400);
  return next();
});
const tenantStub = (env: SandboxEnv, tenant: string) => env.SANDBOX_TENANT.get(env.SANDBOX_TENANT.idFromName(tenant));
admin.get("/tenants/:tenant/keys", async (c) => c.json(await keysFor(c.env.SANDBOX_KEY_SALT, c.req.param("tenant"))));
admin.get("/tenants/:tenant/stats", async (c) => c.json(await tenantStub(c.env, c.req.param("tenant")).stats()));
admin.post("/tenants/:tenant/reset", async (c) => c.json(await tenantStub(c.env, c.req.param("tenant")).reset()));
admin.put("/tenants/:tenant/config", async (c) => {
  const parsed = tenantConfigSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) return c.json({ error: "invalid tenant config", issues: parsed.error.issues }, 400);
  return c.json(await tenantStub(c.env, c.req.param("tenant")).configure(parsed.data));
});
const replicas = (env: SandboxEnv) => env.SANDBOX_REPLICAS.get(env.SANDBOX_REPLICAS.idFromName(REPLICA_REGISTRY));
// Imported operations, registered by the app when it imports them: replicated without a redeploy.
admin.put("/replicas", async (c) => {
  const parsed = z.object({ models: z.array(replicaModelSchema).max(1000) }).safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) return c.json({ error: "invalid replica models", issues: parsed.error.issues.slice(0, 5) }, 400);
  return c.json({ stored: await replicas(c.env).put(parsed.data.models) });
});
admin.get("/replicas", async (c) => c.json({ operations: await replicas(c.env).count() }));
app.route("/__admin", admin);

const hosts = new Set<string>();
for (const op of SANDBOX_OPERATIONS) {
  hosts.add(op.host);
  app.on(op.method, `/${op.host}${op.path}`, (c) => dispatch(c, op));
}

app.get("/", (c) => c.json({ sandbox: "kopa-edge", hosts: [...hosts], operations: SANDBOX_OPERATIONS.length }));

// An imported operation, else what data.go.kr answers for a path it does not know.
app.notFound(async (c) => {
  const [, host = "", ...rest] = c.req.path.split("/");
  const model = host && rest.length > 0 ? await replicas(c.env).find(host, `/${rest.join("/")}`) : null;
  if (model && model.method === c.req.method) return dispatch(c, replicaOperation(model));
  return c.req.path.startsWith("/apis.data.go.kr/") ? c.text("Unexpected errors", 500) : c.text("Not Found", 404);
});

export default app;
