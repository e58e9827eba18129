/** The kopa-edge Worker: routes are mounted here and implemented in their capability folders. */
import { newApp } from "./app/new-app";
import { misconfigured, requireSecrets, secretsProblem } from "./app/required-secrets";
import { benchRoutes } from "./bench/routes";
import { catalogAdminRoutes } from "./catalog/import/routes";
import { toolRoutes } from "./catalog/routes";
import { adminAuth, teamAuth } from "./gateway/auth";
import { adminRoutes, gatewayRoutes } from "./gateway/routes";
import { scheduledReverify } from "./graph/cron";
import { graphAdminRoutes, graphRoutes } from "./graph/routes";
import { ensureTools, syncCatalog } from "./catalog/import/sync";
import { dbOf } from "./db/client";
import { datasetRoutes, synthRoutes } from "./synth/routes";
import { mcpRoutes } from "./mcp/routes";
import { openApiRoutes } from "./openapi/routes";
import { rewardRoutes } from "./reward/routes";
import { webRoutes } from "./web/routes";

export { BenchRun } from "./bench/run-object";
export { CircuitBreaker } from "./gateway/circuit-breaker";
export { FetchCoordinator } from "./gateway/coordinator";
export { QuotaGate } from "./gateway/quota-gate";
export { GraphJob } from "./graph/job-object";
export { SynthJob } from "./synth/job-object";
export { SynthWalk } from "./synth/walk-object";

export const app = newApp();
app.use("*", requireSecrets);
// Imported tools are data in D1: every request sees the catalog as it is now (checked once a second).
app.use("*", async (c, next) => {
  await syncCatalog(dbOf(c.env.DB));
  await next();
});
app.get("/", (c) => c.json({ name: "kopa-edge", docs: "/docs", openapi: "/openapi.json", dashboard: "/ui", mcp: "/mcp" }));
app.use("/v1/*", teamAuth);
app.use("/admin/*", adminAuth);
app.route("/v1/tools", toolRoutes);
app.route("/v1/graph", graphRoutes);
app.route("/v1/bench", benchRoutes);
app.route("/v1/synth", synthRoutes);
app.route("/v1/datasets", datasetRoutes);
app.route("/v1", gatewayRoutes);
app.route("/v1", rewardRoutes);
app.route("/admin/catalog", catalogAdminRoutes);
app.route("/admin/graph", graphAdminRoutes);
app.route("/admin", adminRoutes);
app.use("/mcp", teamAuth);
app.route("/mcp", mcpRoutes);
app.route("/", openApiRoutes);
app.route("/ui", webRoutes);

export default {
  fetch: app.fetch,
  // Awaited, not handed to waitUntil: a cron handler may run for minutes, while work left to
  // waitUntil after it returns is cut off after 30 s (a re-verification takes longer than that).
  async scheduled(_controller, env, ctx) {
    const problem = secretsProblem(env);
    if (problem) throw misconfigured(problem);
    await syncCatalog(dbOf(env.DB));
    await ensureTools(dbOf(env.DB), "all");
    await scheduledReverify(env, (work) => ctx.waitUntil(work));
  },
} satisfies ExportedHandler<Env>;
