/** The kopa-edge Worker: routes are mounted here and implemented in their capability folders. */
import { newApp } from "./app/new-app";
import { toolRoutes } from "./catalog/routes";
import { adminAuth, teamAuth } from "./gateway/auth";
import { adminRoutes, gatewayRoutes } from "./gateway/routes";
import { scheduledReverify } from "./graph/cron";
import { graphRoutes } from "./graph/routes";

export { CircuitBreaker } from "./gateway/circuit-breaker";
export { FetchCoordinator } from "./gateway/coordinator";
export { QuotaGate } from "./gateway/quota-gate";
export { GraphJob } from "./graph/job-object";

const app = newApp();
app.get("/", (c) => c.json({ name: "kopa-edge", docs: "/v1/tools" }));
app.use("/v1/*", teamAuth);
app.use("/admin/*", adminAuth);
app.route("/v1/tools", toolRoutes);
app.route("/v1/graph", graphRoutes);
app.route("/v1", gatewayRoutes);
app.route("/admin", adminRoutes);

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(scheduledReverify(env, (work) => ctx.waitUntil(work)));
  },
} satisfies ExportedHandler<Env>;
