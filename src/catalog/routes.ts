/** `GET /v1/tools` and `GET /v1/tools/:name`: the catalog as LLM tools. */
import { z } from "zod";
import { ApiError } from "../app/errors";
import { newApp, parseOrThrow } from "../app/new-app";
import { CATALOG, findTool } from ".";
import { resolveExampleArgs } from "./examples";
import { providerIdSchema } from "./providers";
import { jsonSchemaTool, openAiTool } from "./tools";

export const toolListQuery = z.object({
  format: z.enum(["openai", "jsonschema"]).default("openai"),
  lang: z.enum(["ko", "en", "both"]).default("both"),
  provider: providerIdSchema.optional(),
  kind: z.enum(["upstream", "local"]).optional(),
});

export const toolRoutes = newApp()
  .get("/", (c) => {
    const query = parseOrThrow(toolListQuery, c.req.query(), "query");
    const tools = [...CATALOG.values()].filter(
      (t) => (!query.kind || t.kind === query.kind) && (!query.provider || (t.kind === "upstream" && t.provider === query.provider)),
    );
    const rendered = query.format === "openai" ? tools.map((t) => openAiTool(t, query.lang)) : tools.map(jsonSchemaTool);
    return c.json({ count: rendered.length, tools: rendered });
  })
  .get("/:name", (c) => {
    const name = c.req.param("name");
    const tool = findTool(name);
    if (!tool) throw new ApiError("TOOL_NOT_FOUND", `no tool named ${name}`, "name");
    const now = new Date();
    return c.json({
      ...jsonSchemaTool(tool),
      openai: openAiTool(tool),
      examples: tool.examples.map((example) => ({ ...example, resolvedArgs: resolveExampleArgs(example, now) })),
    });
  });
