/**
 * The schema every catalogued tool must satisfy. An upstream operation is data: how to build
 * the real request, how its envelope is unwrapped and what its output fields mean. A local
 * utility tool carries a pure `run` function instead of a request.
 */
import { z } from "zod";
import { providerIdSchema } from "./providers";

/** Imported tools name their own provider (x_…); built-in ones one of the enum. */
const providerRefSchema = z.union([providerIdSchema, z.string().regex(/^x_[a-z0-9_]{1,60}$/)]);

/** Dotted semantic tag used by the EDGE graph to link outputs to inputs, e.g. `region.lawd_cd5`. */
export const semanticTagSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, "a dotted lower-case tag such as region.lawd_cd5");

export const fieldTypeSchema = z.enum(["string", "integer", "number", "boolean"]);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const outputFieldSchema = z.object({
  /** Field name inside one normalised item (the upstream's own spelling). */
  name: z.string().min(1),
  /** Type after normalisation: the normaliser coerces upstream values to it. */
  type: fieldTypeSchema,
  tags: z.array(semanticTagSchema).default([]),
  description: z.string().min(1),
  /** Regular expression every non-null value matches (checked by the contract suite). */
  pattern: z.string().optional(),
  /** True when some items legitimately leave the field blank or absent. */
  optional: z.boolean().default(false),
});
export type OutputField = z.infer<typeof outputFieldSchema>;
export type OutputFieldInput = z.input<typeof outputFieldSchema>;

/** How the service key travels: a query parameter (serviceKey, ServiceKey, confmKey) or a path segment. */
export const keyPlacementSchema = z.discriminatedUnion("in", [
  z.object({ in: z.literal("query"), name: z.string().min(1) }),
  z.object({ in: z.literal("path") }),
]);

/** How JSON (or XML) is asked for: `_type`, `dataType`, `returnType`, `type`, `resultType`, or a path segment. */
export const formatSwitchSchema = z.discriminatedUnion("in", [
  z.object({ in: z.literal("query"), name: z.string().min(1), value: z.string().min(1) }),
  z.object({ in: z.literal("path"), value: z.string().min(1) }),
  z.object({ in: z.literal("none") }),
]);

export const envelopeSchema = z.enum([
  "datagokr", // response.header/body, items.item (KMA, TAGO, TourAPI, HIRA, RTMS, KASI, NPS, ...)
  "airkorea", // standard, but body.items is a plain array
  "mfds", // header/body without the response wrapper
  "stanregin", // {StanReginCd:[{head:[...]},{row:[...]}]}
  "seoul", // {<Service>:{list_total_count,RESULT,row}}
  "swopen", // {errorMessage:{...}, realtimeArrivalList:[...]}
  "juso", // {results:{common,juso}}
  "odcloud", // {status_code, match_cnt, data}
  "odcloud_page", // {page, perPage, totalCount, currentCount, matchCount, data} (file-data APIs with cond[] filters)
]);
export type Envelope = z.infer<typeof envelopeSchema>;

export const requestSpecSchema = z.object({
  method: z.enum(["GET", "POST"]),
  /** Appended to the provider's configured base URL. `{key}`, `{format}` and path params are substituted. */
  path: z.string().startsWith("/"),
  key: keyPlacementSchema,
  format: formatSwitchSchema,
  /** What the call asks the upstream for; XML-only services are parsed as XML. */
  responseFormat: z.enum(["json", "xml"]),
  /** Constant query parameters every call sends (TourAPI's MobileOS/MobileApp). */
  fixedQuery: z.record(z.string(), z.string()).default({}),
  /** Tool arguments substituted into the path instead of the query (Seoul open API). */
  pathParams: z.array(z.string()).default([]),
  /** Tool arguments sent as a JSON body (NTS odcloud POST). */
  bodyParams: z.array(z.string()).default([]),
  /** Tool arguments sent under another name (an imported `cond[brno::LIKE]` is the argument brno). */
  queryNames: z.record(z.string(), z.string()).default({}),
});
export type RequestSpec = z.infer<typeof requestSpecSchema>;

export const responseSpecSchema = z.object({
  envelope: envelopeSchema,
  /** Name of the key holding the rows where the envelope needs one (Seoul service, swopen list, StanReginCd root). */
  listKey: z.string().optional(),
  /** Nested objects of an odcloud row whose keys are lifted into the item (NTS validate's `status`). */
  flatten: z.array(z.string()).optional(),
  fields: z.array(outputFieldSchema).min(1),
});
export type ResponseSpec = z.infer<typeof responseSpecSchema>;

export const paginationSchema = z.discriminatedUnion("style", [
  z.object({ style: z.literal("page"), pageParam: z.string(), sizeParam: z.string(), maxSize: z.number().int().positive() }),
  z.object({ style: z.literal("range"), startParam: z.string(), endParam: z.string(), maxSize: z.number().int().positive() }),
  z.object({ style: z.literal("none") }),
]);
export type Pagination = z.infer<typeof paginationSchema>;

export const cacheClassSchema = z.enum(["static", "daily", "live"]);
export type CacheClass = z.infer<typeof cacheClassSchema>;

/** Default TTL per cache class; a spec may shorten or lengthen it. */
export const CACHE_TTL_SECONDS: Record<CacheClass, number> = {
  static: 7 * 24 * 3600,
  daily: 6 * 3600,
  live: 60,
};

export const cacheSpecSchema = z.object({
  class: cacheClassSchema,
  ttlSeconds: z.number().int().positive(),
});

/**
 * A time-relative example value, resolved at call time so examples of time-bound APIs stay valid:
 * `kma.ncst|kma.ultra_fcst|kma.vilage_fcst` give that product's latest published base date/time,
 * `kma.mid_tmfc` the latest mid-term issue time, `date.today`/`date.yesterday` a KST YYYYMMDD,
 * `date.tomorrow`/`date.day_after_tomorrow` the next KST days, `date.this_saturday`/`date.this_sunday`
 * the coming Saturday/Sunday (today when it is that day), `date.next_monday` the first Monday after
 * today, `month.current|previous|before_previous` YYYYMM, `year.current` YYYY, `month2.current` MM.
 */
export const timeTokenSchema = z.object({
  $time: z.enum([
    "kma.ncst.base_date",
    "kma.ncst.base_time",
    "kma.ultra_fcst.base_date",
    "kma.ultra_fcst.base_time",
    "kma.vilage_fcst.base_date",
    "kma.vilage_fcst.base_time",
    "kma.mid.tmfc",
    "date.today",
    "date.yesterday",
    "date.week_ago",
    "date.tomorrow",
    "date.day_after_tomorrow",
    "date.this_saturday",
    "date.this_sunday",
    "date.next_monday",
    "month.current",
    "month.previous",
    "month.before_previous",
    "month2.current",
    "year.current",
  ]),
});
export type TimeToken = z.infer<typeof timeTokenSchema>;

export const exampleSchema = z.object({
  args: z.record(z.string(), z.union([timeTokenSchema, z.unknown()])),
  note: z.string().optional(),
});
export type ToolExample = z.infer<typeof exampleSchema>;

const toolNameSchema = z.string().regex(/^[a-z][a-z0-9_]*$/, "snake_case tool name");

const localizedSchema = z.object({ ko: z.string().min(1), en: z.string().min(1) });

/** The arguments' schema must be a zod object so that JSON Schema and OpenAI tools derive from it. */
const paramsSchema = z.custom<z.ZodObject>((value) => value instanceof z.ZodObject, "params must be a z.object");

const commonToolShape = {
  name: toolNameSchema,
  /** Bumped whenever the request or normalisation of this tool changes; part of every cache fingerprint. */
  version: z.number().int().positive(),
  title: localizedSchema,
  description: z.object({ ko: z.string().min(20), en: z.string().min(20) }),
  params: paramsSchema,
  examples: z.array(exampleSchema).min(1),
};

export const upstreamToolSpecSchema = z.object({
  kind: z.literal("upstream"),
  ...commonToolShape,
  provider: providerRefSchema,
  request: requestSpecSchema,
  response: responseSpecSchema,
  pagination: paginationSchema,
  cache: cacheSpecSchema,
  /** Public documentation page of the real operation. */
  docs: z.url().optional(),
});
export type UpstreamToolSpec = z.infer<typeof upstreamToolSpecSchema>;
export type UpstreamToolSpecInput = z.input<typeof upstreamToolSpecSchema>;

export type LocalRun = (args: Record<string, unknown>, now: Date) => Record<string, unknown>[];

export const localToolSpecSchema = z.object({
  kind: z.literal("local"),
  ...commonToolShape,
  fields: z.array(outputFieldSchema).min(1),
  run: z.custom<LocalRun>((value) => typeof value === "function", "run must be a function"),
});
export type LocalToolSpec = z.infer<typeof localToolSpecSchema>;
export type LocalToolSpecInput = z.input<typeof localToolSpecSchema>;

export const toolSpecSchema = z.discriminatedUnion("kind", [upstreamToolSpecSchema, localToolSpecSchema]);
export type ToolSpec = UpstreamToolSpec | LocalToolSpec;

/** Output fields of either kind of tool. */
export function outputFields(tool: ToolSpec): OutputField[] {
  return tool.kind === "upstream" ? tool.response.fields : tool.fields;
}

/** Declares an upstream operation; parsing applies defaults and rejects a malformed spec at load. */
export function defineUpstream(spec: Omit<UpstreamToolSpecInput, "kind">): UpstreamToolSpec {
  return upstreamToolSpecSchema.parse({ kind: "upstream", ...spec });
}

export function defineLocal(spec: Omit<LocalToolSpecInput, "kind">): LocalToolSpec {
  return localToolSpecSchema.parse({ kind: "local", ...spec });
}

/** Builds a cache spec from a class, with the class's default TTL unless given. */
export function cacheOf(cls: CacheClass, ttlSeconds = CACHE_TTL_SECONDS[cls]): z.input<typeof cacheSpecSchema> {
  return { class: cls, ttlSeconds };
}
