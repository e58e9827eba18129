/**
 * A dashboard page: its nav entry and its routes (relative to /ui). Pages render with
 * `c.render(content, { title, page })`; the layout and nav come from the renderer in routes.tsx,
 * so a page file knows nothing of the others. To add a page: one file under pages/ and one line in
 * pages/index.ts.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../app/new-app";
import type { Label } from "./i18n";

export interface NavEntry {
  /** The nav link, e.g. `/ui/graph`; also the `page` a route renders with to mark it active. */
  path: string;
  label: Label;
}

export interface DashboardPage {
  nav: NavEntry;
  routes: Hono<AppEnv>;
}

export interface RenderProps {
  title: Label;
  /** The nav path to mark active. */
  page?: string;
  /** Client scripts under /ui/assets, e.g. `graph.js`. */
  scripts?: string[];
}

declare module "hono" {
  interface ContextRenderer {
    (content: string | Promise<string>, props: RenderProps): Response | Promise<Response>;
  }
}
