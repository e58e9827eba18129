/** `GET /v1/tools` (paged) and `GET /v1/tools/:name`: the catalog, built-in and imported, as LLM tools. */
import { z } from "zod";
import { ApiError } from "../app/errors";
import { newApp, parseOrThrow } from "../app/new-app";
import { CATALOG, catalogSize, findTool } from ".";
import { resolveExampleArgs } from "./examples";
import { importedNames, importedSearchText, importedSpec } from "./import/layer";
import { ensureTools, syncCatalog } from "./import/sync";
import { dbOf } from "../db/client";
import { jsonSchemaTool, openAiTool } from "./tools";
import type { ToolSpec } from "./spec";

export const toolListQuery = z.object({
  format: z.enum(["openai", "jsonschema"]).default("openai"),
  lang: z.enum(["ko", "en", "both"]).default("both"),
  /** A built-in provider id or an imported one (x_…). */
  provider: z.string().regex(/^[a-z][a-z0-9_]{1,62}$/).optional(),
  kind: z.enum(["upstream", "local"]).optional(),
  source: z.enum(["builtin", "imported"]).optional(),
  /** Words that must all appear in a tool's name, titles, provider or tags. */
  q: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Where the previous page stopped (its `nextCursor`). */
  cursor: z.string().regex(/^\d{1,7}$/).optional(),
});

function builtinSearchText(tool: ToolSpec): string {
  const params = Object.values(tool.params.shape).flatMap((s) => {
    const meta = (s as z.ZodType).meta();
    return Array.isArray(meta?.["tags"]) ? meta["tags"].map(String) : [];
  });
  const fields = (tool.kind === "upstream" ? tool.response.fields : tool.fields).flatMap((f) => f.tags);
  return [tool.name, tool.title.ko, tool.title.en, tool.kind === "upstream" ? tool.provider : "local", ...params, ...fields].join(" ").toLowerCase();
}

const builtinText = new Map([...CATALOG.values()].map((t) => [t.name, builtinSearchText(t)]));

/** The names matching a listing query, built-in first, without building imported tools it skips. */
function matchingNames(query: z.infer<typeof toolListQuery>): string[] {
  const words = query.q ? query.q.toLowerCase().split(/\s+/) : [];
  const out: string[] = [];
  if (query.source !== "imported") {
    for (const tool of CATALOG.values()) {
      if (query.kind && tool.kind !== query.kind) continue;
      if (query.provider && (tool.kind !== "upstream" || tool.provider !== query.provider)) continue;
      const text = builtinText.get(tool.name) ?? "";
      if (words.every((w) => text.includes(w))) out.push(tool.name);
    }
  }
  if (query.source !== "builtin" && query.kind !== "local") {
    for (const name of importedNames()) {
      const text = importedSearchText(name);
      if (query.provider && !text.split(" ").includes(query.provider)) continue;
      if (words.every((w) => text.includes(w))) out.push(name);
    }
  }
  return out;
}

/** Rendered tools per tool object (a new version is a new object): a page is rendered once. */
const rendered = new WeakMap<ToolSpec, Map<string, unknown>>();

function render(tool: ToolSpec, format: "openai" | "jsonschema", lang: "ko" | "en" | "both"): unknown {
  let views = rendered.get(tool);
  if (!views) rendered.set(tool, (views = new Map()));
  const key = format === "openai" ? `openai:${lang}` : "jsonschema";
  let view = views.get(key);
  if (view === undefined) views.set(key, (view = format === "openai" ? openAiTool(tool, lang) : jsonSchemaTool(tool)));
  return view;
}

export const toolRoutes = newApp()
  .get("/", async (c) => {
    const query = parseOrThrow(toolListQuery, c.req.query(), "query");
    const names = matchingNames(query);
    const start = Number(query.cursor ?? 0);
    const pageNames = names.slice(start, start + query.limit);
    await ensureTools(dbOf(c.env.DB), pageNames.filter((name) => !CATALOG.has(name)));
    const page = pageNames.flatMap((name) => findTool(name) ?? []);
    const tools = page.map((t) => render(t, query.format, query.lang));
    const next = start + query.limit < names.length ? String(start + query.limit) : null;
    return c.json({ count: names.length, catalogSize: catalogSize(), tools, nextCursor: next });
  })
  .get("/:name", async (c) => {
    const name = c.req.param("name");
    await syncCatalog(dbOf(c.env.DB), name);
    const tool = findTool(name);
    if (!tool) throw new ApiError("TOOL_NOT_FOUND", `no tool named ${name}`, "name");
    const now = new Date();
    const imported = importedSpec(name);
    return c.json({
      ...jsonSchemaTool(tool),
      openai: openAiTool(tool),
      examples: tool.examples.map((example) => ({ ...example, resolvedArgs: resolveExampleArgs(example, now) })),
      ...(imported ? { provenance: imported.provenance, source: "imported" } : { source: "builtin" }),
    });
  });


