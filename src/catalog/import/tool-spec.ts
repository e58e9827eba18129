/**
 * An imported spec (plain data) as the catalog's UpstreamToolSpec: its parameter list becomes the
 * zod object every consumer reads (JSON Schema, OpenAI tools, argument validation), with the same
 * `.meta({ tags, examples })` convention as the built-in specs.
 */
import { z } from "zod";
import { upstreamToolSpecSchema, type UpstreamToolSpec } from "../spec";
import type { ImportedParam, ImportedSpec } from "./model";

function paramSchema(p: ImportedParam): z.ZodType {
  let schema: z.ZodType;
  switch (p.type) {
    case "integer": {
      let n = z.number().int();
      if (p.minimum !== undefined) n = n.min(p.minimum);
      if (p.maximum !== undefined) n = n.max(p.maximum);
      schema = n;
      break;
    }
    case "number":
      schema = z.number();
      break;
    case "boolean":
      schema = z.boolean();
      break;
    case "string": {
      let s = z.string().min(1).max(500);
      if (p.pattern) s = s.regex(new RegExp(p.pattern));
      schema = s;
      break;
    }
  }
  schema = schema.describe(p.description).meta({ tags: p.tags, ...(p.examples.length > 0 ? { examples: p.examples } : {}) });
  if (p.default !== undefined) return schema.default(p.default);
  return p.required ? schema : schema.optional();
}

export function toolSpecOf(spec: ImportedSpec, version: number): UpstreamToolSpec {
  const shape: Record<string, z.ZodType> = {};
  const queryNames: Record<string, string> = {};
  for (const p of spec.params) {
    shape[p.name] = paramSchema(p);
    if (p.wire) queryNames[p.name] = p.wire;
  }
  return upstreamToolSpecSchema.parse({
    kind: "upstream",
    name: spec.name,
    version,
    title: spec.title,
    description: spec.description,
    params: z.object(shape),
    provider: spec.provider.id,
    request: {
      method: spec.request.method,
      path: spec.request.path,
      key: { in: "query", name: spec.request.keyParam },
      format: spec.request.format,
      responseFormat: spec.request.responseFormat,
      fixedQuery: spec.request.fixedQuery,
      queryNames,
    },
    response: { envelope: spec.envelope, fields: spec.fields },
    pagination: spec.pagination,
    cache: spec.cache,
    examples: spec.examples,
    ...(spec.provenance.docs && /^https?:\/\//.test(spec.provenance.docs) ? { docs: spec.provenance.docs } : {}),
  });
}
