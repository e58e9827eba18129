/**
 * The embedded sandbox: one Worker that answers every catalogued operation under
 * `/<real host>/<real path>`, so a provider's base URL can point at it instead of the real host.
 * `/__admin` switches a tenant's clock, scenarios and quotas and reads its call counts.
 */
import { Hono } from "hono";
import { dispatch } from "./dispatch";
import type { SandboxEnv } from "./env";
import { keysFor, TENANT_ID } from "./keys";
import type { SandboxHost } from "./operation";
import { SANDBOX_OPERATIONS } from "./services";
import { tenantConfigSchema } from "./tenant";

export { SandboxTenant } from "./tenant";

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
app.route("/__admin", admin);

const hosts = new Set<SandboxHost>();
for (const op of SANDBOX_OPERATIONS) {
  hosts.add(op.host);
  app.on(op.method, `/${op.host}${op.path}`, (c) => dispatch(c, op));
}

app.get("/", (c) => c.json({ sandbox: "kopa-edge", hosts: [...hosts], operations: SANDBOX_OPERATIONS.length }));

// What data.go.kr answers for a path it does not know.
app.notFound((c) =>
  c.req.path.startsWith("/apis.data.go.kr/") ? c.text("Unexpected errors", 500) : c.text("Not Found", 404),
);

export default app;
