/** Static files of the dashboard, bundled as strings (no build step beyond wrangler's). */
import { CATALOG_JS } from "./catalog";
import { GRAPH_JS } from "./graph";
import { PROGRESS_JS } from "./progress";
import { STYLE_CSS } from "./style";

export const ASSETS: Readonly<Record<string, { type: string; body: string }>> = {
  "style.css": { type: "text/css; charset=utf-8", body: STYLE_CSS },
  "graph.js": { type: "text/javascript; charset=utf-8", body: GRAPH_JS },
  "catalog.js": { type: "text/javascript; charset=utf-8", body: CATALOG_JS },
  "progress.js": { type: "text/javascript; charset=utf-8", body: PROGRESS_JS },
};
