import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { printJson, shellQuote } from "../../output";
import { toolDetailSchema, type JsonSchemaProperty, type ToolDetail } from "../../schemas";
import { cellText, renderPairs, renderTable } from "../../table";

function typeText(schema: JsonSchemaProperty): string {
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null").join("|") : (schema.type ?? "any");
  const itemType = schema.items?.type ? `<${cellText(schema.items.type)}>` : "";
  const values = schema.enum ? `: ${schema.enum.map((v) => cellText(v)).join("|")}` : "";
  return `${type}${itemType}${values}`;
}

/** An example as the command that runs it. */
function exampleCommand(tool: string, args: Readonly<Record<string, unknown>>): string {
  const parts = Object.entries(args).map(([key, value]) => `--arg ${shellQuote(`${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)}`);
  return ["kopa tools call", tool, ...parts].join(" ");
}

function render(tool: ToolDetail): string {
  const { provider, upstream, cache, inputSchema } = tool;
  const header = renderPairs([
    ["tool", `${tool.name}  ${tool.title.ko} / ${tool.title.en}`],
    ["kind", tool.kind],
    ...(provider ? ([["provider", `${provider.id} (${provider.name.ko}) · quota ${provider.quota.daily}/day (${provider.quota.status})`]] as const) : []),
    ...(upstream ? ([["upstream", `${upstream.method} ${upstream.host}${upstream.path} (${upstream.envelope} envelope)`]] as const) : []),
    ["cache", cache.ttlSeconds > 0 ? `${cache.class}, ${cache.ttlSeconds} s` : cache.class],
  ]);
  const required = new Set(inputSchema.required);
  const params = renderTable(
    [{ header: "PARAMETER" }, { header: "TYPE", max: 32 }, { header: "REQUIRED" }, { header: "DEFAULT" }, { header: "TAGS", max: 32 }, { header: "DESCRIPTION", max: 72 }],
    Object.entries(inputSchema.properties).map(([name, p]) => [name, typeText(p), required.has(name) ? "yes" : "", cellText(p.default), (p["x-tags"] ?? []).join(" "), p.description]),
  );
  const fields = Object.entries(tool.outputSchema?.properties.items.items.properties ?? {});
  const outputs =
    fields.length === 0
      ? ""
      : `\nOutput item fields:\n${renderTable(
          [{ header: "FIELD" }, { header: "TYPE" }, { header: "TAGS", max: 32 }, { header: "DESCRIPTION", max: 72 }],
          fields.map(([name, f]) => [name, typeText(f), (f["x-tags"] ?? []).join(" "), f.description]),
        )}`;
  const examples =
    tool.examples.length === 0 ? "" : `\nExamples:\n${tool.examples.map((e) => `  ${exampleCommand(tool.name, e.resolvedArgs)}${e.note ? `   # ${e.note}` : ""}`).join("\n")}\n`;
  return `${header}\n${tool.description.ko}\n${tool.description.en}\n\nParameters:\n${params}${outputs}${examples}`;
}

export default defineCommand({
  path: ["tools", "show"],
  summary: "show one tool: parameters, output fields, cache, quota, examples",
  positionals: [{ name: "name", description: "tool name (see kopa tools list)" }],
  flags: { ...jsonFlag, ...teamFlags },
  input: z.object({ name: z.string().min(1), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa tools show kasi_public_holidays", "kopa tools show kma_grid_from_wgs84 --json"],
  async run(input, { io, teamApi }) {
    const { value, raw } = await teamApi(input).json(toolDetailSchema, "GET", `/v1/tools/${encodeURIComponent(input.name)}`);
    if (input.json) return printJson(io, raw);
    io.stdout.write(render(value));
  },
});
