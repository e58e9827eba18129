/** What the walk sampler needs to know of each catalogued tool. */
import { CATALOG } from "../catalog";
import { outputFields } from "../catalog/spec";
import { toolIO, type ParamInfo } from "../graph/io";
import { isIdentifierField } from "./example";
import type { ToolFacts } from "./plan";

/**
 * Tags of inputs nobody states in a question: codes, ids and coordinates. A business registration
 * number is not one of them: its owner knows it by heart and asks with it.
 */
const MACHINE_INPUT = /(^|\.)(content_id|content_type_id|route_id|node_id|city_code|ykiho|kapt_code|item_seq|seq|area_code|sigungu_code|stn_id|reg_id_land|reg_id_temp)$|_cd\d*$|_code\d*$|^geo\.|^kma\.grid|^hira\.|^bld\.|^juso\./;

function statable(param: ParamInfo): boolean {
  return !param.tags.some((t) => MACHINE_INPUT.test(t)) && !/(Cd|Code|Id|Seq|No)$/.test(param.name);
}

let facts: ReadonlyMap<string, ToolFacts> | null = null;

/** The facts of every catalogued tool, computed once (the catalog does not change while a Worker runs). */
export function toolFacts(): ReadonlyMap<string, ToolFacts> {
  facts ??= computeToolFacts();
  return facts;
}

function computeToolFacts(): Map<string, ToolFacts> {
  const out = new Map<string, ToolFacts>();
  for (const tool of CATALOG.values()) {
    const fields = outputFields(tool);
    const required = toolIO(tool).params.filter((p) => p.required);
    out.set(tool.name, {
      name: tool.name,
      kind: tool.kind,
      required: required.map((p) => p.name),
      naturalInputs: required.every(statable),
      lists: tool.kind === "upstream",
      examples: tool.examples.map((e) => e.args),
      measures: fields.filter((f) => (f.type === "integer" || f.type === "number") && !isIdentifierField(f)).map((f) => f.name),
      labels: fields.filter((f) => f.type === "string" && !isIdentifierField(f)).map((f) => f.name),
    });
  }
  return out;
}

/** The provider of a tool, or null for a local tool. */
export function providerOfTool(name: string): string | null {
  const tool = CATALOG.get(name);
  return tool?.kind === "upstream" ? tool.provider : null;
}
