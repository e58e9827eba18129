/** The kopa-edge Worker: routes are mounted here and implemented in their capability folders. */
import { newApp } from "./app/new-app";
import { toolRoutes } from "./catalog/routes";

const app = newApp();
app.get("/", (c) => c.json({ name: "kopa-edge", docs: "/v1/tools" }));
app.route("/v1/tools", toolRoutes);

export default app;
