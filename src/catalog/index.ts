/**
 * The catalog: every upstream operation and local utility tool, validated once at load. Names are
 * unique; path placeholders and body parameters must name real parameters.
 *
 * `CATALOG` holds the built-in tools (code). Imported tools are data in D1 (src/catalog/import):
 * `findTool` and `catalogTools` see both, as the isolate last synced them (./import/sync.ts).
 */
import { importedNames, importedTool } from "./import/layer";
import { LOCAL_TOOLS } from "./local";
import { UPSTREAM_TOOLS } from "./ops";
import type { ToolSpec, UpstreamToolSpec } from "./spec";

function checkUpstream(tool: UpstreamToolSpec): void {
  const params = new Set(Object.keys(tool.params.shape));
  for (const name of [...tool.request.pathParams, ...tool.request.bodyParams]) {
    if (!params.has(name)) throw new Error(`${tool.name}: request names ${name}, which is not a parameter`);
  }
  for (const name of tool.request.pathParams) {
    if (!tool.request.path.includes(`{${name}}`)) throw new Error(`${tool.name}: path has no {${name}}`);
  }
  if ((tool.request.key.in === "path") !== tool.request.path.includes("{key}")) throw new Error(`${tool.name}: {key} and key placement disagree`);
}

function buildCatalog(): ReadonlyMap<string, ToolSpec> {
  const tools = new Map<string, ToolSpec>();
  for (const tool of [...UPSTREAM_TOOLS, ...LOCAL_TOOLS]) {
    if (tools.has(tool.name)) throw new Error(`duplicate tool name ${tool.name}`);
    if (tool.kind === "upstream") checkUpstream(tool);
    tools.set(tool.name, tool);
  }
  return tools;
}

/** The built-in tools. */
export const CATALOG: ReadonlyMap<string, ToolSpec> = buildCatalog();

/** A built-in tool, or an imported one as this isolate last synced the catalog. */
export function findTool(name: string): ToolSpec | undefined {
  return CATALOG.get(name) ?? importedTool(name);
}

/** The provider a tool calls (an imported one's x_… included), or null for a local tool. */
export function toolProvider(name: string): string | null {
  const tool = findTool(name);
  return tool?.kind === "upstream" ? tool.provider : null;
}

/**
 * Built-in tools first, then the imported ones whose specs this isolate has read (all of them after
 * `ensureTools(db, "all")`), by name, built lazily as the iteration reaches them.
 */
export function* catalogTools(): Generator<ToolSpec> {
  yield* CATALOG.values();
  for (const name of importedNames()) {
    const tool = importedTool(name);
    if (tool) yield tool;
  }
}

/** Tool names in catalogTools' order (imported ones whether or not their specs are read yet). */
export function catalogNames(): string[] {
  return [...CATALOG.keys(), ...importedNames()];
}

export function catalogSize(): number {
  return CATALOG.size + importedNames().length;
}

