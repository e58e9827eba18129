/**
 * From one operation as a source document describes it (a draft, whatever the document format) to
 * an imported tool: name, titles, typed parameters with paging and defaults, key passing, format
 * switch, envelope family, typed and tagged output fields, examples, provenance and the replica
 * model. An operation that cannot become a working tool is rejected with the reason.
 */
import { z } from "zod";
import { CACHE_TTL_SECONDS, type Envelope } from "../spec";
import { examplesInText, inferFieldType, inferParamType, inferTags, shapeOf, type Evidence } from "./infer";
import { importedToolSchema, type ImportedField, type ImportedParam, type ImportedTool, type ReplicaField } from "./model";
import { editDistance } from "../../util/edit-distance";

export interface DraftParam {
  /** The name as the source spells it (sent upstream). */
  name: string;
  required: boolean;
  description: string;
  examples: string[];
  /** Type the source declares (Swagger/OpenAPI), if any. */
  declared?: string;
  default?: string | number | boolean;
  enum?: string[];
}

export interface DraftField {
  name: string;
  title: string;
  declared?: string;
  semantic?: string;
  nullRate: number;
  samples: string[];
  range?: { min: number; p50: number; max: number };
  unique?: number;
  /** Documented, not measured: the field may be absent whatever its null rate says. */
  unmeasured?: boolean;
}

export interface OperationDraft {
  document: string;
  format: "datagokr-dataset" | "swagger2" | "openapi3";
  /** Stable id of the source (dataset id, service name) and its title. */
  sourceId: string;
  sourceTitle: string;
  agency: string;
  operation: string;
  /** The operation's own Korean name, when the source gives one. */
  name?: string;
  summary?: string;
  endpoint: string;
  method: string;
  keyParam: string | null;
  /** The format the answer was measured (or documented) in. */
  format_: "json" | "xml" | null;
  params: DraftParam[];
  paging?: { page: string; size: string; max?: number };
  trafficDaily?: number;
  fields: DraftField[];
  /**
   * true when the source records a successful live call; "failed" when it records a failed one,
   * "unprobed" when it records no call at all (no verified_ok).
   */
  verified: true | "failed" | "unprobed";
  envelopeHint?: Envelope;
  errorStyle?: string;
  realtime: boolean;
  version: string;
  date: string;
  docs?: string;
  license?: string;
  notes: string[];
}

export type BuildResult = { ok: true; tool: ImportedTool } | { ok: false; reason: string };

const ENVELOPE_FIELDS = new Set(["items", "item", "numofrows", "pageno", "totalcount", "resultcode", "resultmsg", "header", "body", "response", "page", "perpage", "currentcount", "matchcount"]);
const FORMAT_PARAMS = new Set(["type", "_type", "datatype", "resulttype", "returntype", "format", "restype", "response_type"]);
const PAGE_PARAMS = ["pageNo", "page", "pg_no", "pageIndex", "page_no", "pageNum"];
const SIZE_PARAMS = ["numOfRows", "perPage", "pg_sz", "pageCnt", "pageSize", "page_size", "rows", "listCount"];

/** snake_case of a camelCase or dashed identifier. */
export function snake(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}


const norm = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** `cond[brno::LIKE]` → brno (and that it is a contains-search). */
function condField(name: string): { field: string; like: boolean } | null {
  const match = /^cond\[([A-Za-z0-9_]+)::([A-Z]+)\]$/.exec(name);
  return match?.[1] ? { field: match[1], like: match[2] === "LIKE" } : null;
}

function toolName(draft: OperationDraft): string {
  const op = snake(draft.operation.replace(/\.do$/, "")).replace(/^get_/, "");
  const base = `${draft.format === "datagokr-dataset" ? `dg_${snake(draft.sourceId)}` : snake(draft.sourceId)}_${op || "list"}`;
  if (/^[a-z]/.test(base) && base.length <= 64) return base;
  const safe = /^[a-z]/.test(base) ? base : `op_${base}`;
  return safe.length <= 64 ? safe : `${safe.slice(0, 55)}_${(fnv(safe) % 1e8).toString(36)}`;
}

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function providerId(draft: OperationDraft): string {
  const id = `x_${draft.format === "datagokr-dataset" ? "dg_" : ""}${snake(draft.sourceId)}`;
  return id.length <= 62 ? id : `${id.slice(0, 52)}_${(fnv(id) % 1e8).toString(36)}`;
}

function humanize(op: string): string {
  const words = snake(op.replace(/\.do$/, "")).replace(/^get_/, "").split("_").filter(Boolean);
  const text = words.join(" ");
  return text ? text[0]?.toUpperCase() + text.slice(1) : "Operation";
}

function dedupeParams(draft: OperationDraft, notes: string[]): DraftParam[] {
  const out = new Map<string, DraftParam>();
  for (const p of draft.params) {
    const seen = out.get(p.name);
    if (!seen) {
      out.set(p.name, { ...p, examples: [...p.examples] });
      continue;
    }
    notes.push(`parameter ${p.name} is listed twice; kept once ("${seen.description}" / "${p.description}")`);
    seen.description = seen.description === p.description ? seen.description : `${seen.description} / ${p.description}`;
    seen.required ||= p.required;
    seen.examples.push(...p.examples);
  }
  return [...out.values()];
}

interface Paging {
  page: string;
  size: string;
  max: number;
}

/** The paging pair: as the source states it, else by name, reading a one-letter typo as the real name. */
function pagingOf(draft: OperationDraft, params: DraftParam[], notes: string[]): Paging | null {
  const names = new Set(params.map((p) => p.name));
  if (draft.paging && names.has(draft.paging.page) && names.has(draft.paging.size)) return { page: draft.paging.page, size: draft.paging.size, max: draft.paging.max ?? 1000 };
  const page = PAGE_PARAMS.find((n) => names.has(n));
  let size = SIZE_PARAMS.find((n) => names.has(n));
  if (page && !size) {
    const typo = params.find((p) => !names.has("numOfRows") && p.name !== page && editDistance(p.name, "numOfRows") === 1);
    if (typo) {
      notes.push(`parameter ${typo.name} read as numOfRows (a typo in the source; the service pages with numOfRows)`);
      typo.name = "numOfRows";
      size = "numOfRows";
    }
  }
  if (!page || !size) return null;
  return { page, size, max: draft.paging?.max ?? 1000 };
}

function formatSwitch(draft: OperationDraft, params: DraftParam[]): { param: DraftParam | null; replicaDefault: "json" | "xml" } {
  const param = params.find((p) => FORMAT_PARAMS.has(p.name.toLowerCase()) && /json|xml/i.test(`${p.description} ${p.examples.join(" ")} ${(p.enum ?? []).join(" ")}`)) ?? null;
  if (!param) return { param: null, replicaDefault: draft.format_ ?? "json" };
  const text = `${param.description}`;
  const stated = /기본\s*(값)?\s*[:：]?\s*(json|xml)/i.exec(text)?.[2] ?? /default\s*[:：]?\s*(json|xml)/i.exec(text)?.[1] ?? /\((json|xml)\)/i.exec(text)?.[1];
  const replicaDefault = stated ? (stated.toLowerCase() as "json" | "xml") : /json/i.test(text) && !/xml/i.test(text) ? "json" : "xml";
  return { param, replicaDefault };
}

function field(draft: DraftField, notes: string[]): { spec: ImportedField; replica: ReplicaField } {
  const evidence: Evidence = { name: draft.name, title: draft.title, semantic: draft.semantic, declared: draft.declared, samples: draft.samples, range: draft.range };
  const tags = inferTags(evidence);
  const type = inferFieldType(evidence, tags);
  const { shape, width } = shapeOf(draft.samples);
  if (draft.declared === "date" && draft.samples.length > 0 && !["date8", "date_iso", "datetime_iso"].includes(shape)) {
    notes.push(`field ${draft.name} is declared a date but its values (${draft.samples.slice(0, 2).join(", ")}) are not dates; typed ${type}`);
  }
  const integer = draft.range !== undefined && [draft.range.min, draft.range.max].every(Number.isInteger) && draft.samples.every((s) => !/\.\d*[1-9]/.test(s));
  return {
    spec: {
      name: draft.name,
      type,
      tags,
      description: (draft.title && draft.title !== draft.name ? `${draft.title} (${draft.name})` : draft.name).slice(0, 400),
      optional: draft.nullRate > 0 || draft.unmeasured === true,
    },
    replica: {
      name: draft.name,
      type,
      tags,
      nullRate: draft.nullRate,
      samples: draft.samples.slice(0, 20),
      ...(draft.range ? { range: { ...draft.range, integer } } : {}),
      shape,
      width,
    },
  };
}

/** The field a parameter filters on: same name, same title, a cond[] target, or a shared entity tag. */
function linkedField(param: DraftParam, fields: readonly DraftField[], tags: readonly string[], fieldTags: Map<string, string[]>): { field: DraftField; match: "equal" | "contains" } | null {
  // Coordinates locate a search (within a radius); they never filter by equality.
  if (tags.some((t) => t.startsWith("geo."))) return null;
  const cond = condField(param.name);
  const target = cond ? cond.field : param.name;
  const search = /검색|명$|명\s|이름|주소|keyword|name|nm$/i.test(`${param.description} ${param.name}`);
  const byName = fields.find((f) => norm(f.name) === norm(target));
  const byTitle = fields.find((f) => f.title !== "" && f.title === param.description.trim());
  const byTag = tags.length > 0 ? fields.find((f) => (fieldTags.get(f.name) ?? []).some((t) => tags.includes(t) && !t.startsWith("date.") && !t.startsWith("contact."))) : undefined;
  const byContainment = search ? fields.find((f) => norm(f.name).length >= 4 && (norm(f.name).includes(norm(target)) || norm(target).includes(norm(f.name)))) : undefined;
  const found = byName ?? byTitle ?? byTag ?? byContainment;
  if (!found) return null;
  const contains = cond?.like === true || search || (fieldTags.get(found.name) ?? []).some((t) => t.startsWith("region.address") || t.endsWith(".name"));
  return { field: found, match: contains ? "contains" : "equal" };
}

function paramName(raw: string, taken: Set<string>): string {
  const cond = condField(raw);
  let name = (cond ? cond.field : raw).replace(/[^A-Za-z0-9_]/g, "_").replace(/^(\d)/, "_$1").slice(0, 60);
  if (cond && taken.has(name)) name = `${name}_like`;
  while (taken.has(name)) name = `${name}_`;
  taken.add(name);
  return name;
}

function scalarExample(value: string, type: ImportedParam["type"]): string | number | boolean {
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (type === "boolean") return /^(y|true|1)$/i.test(value);
  return value;
}

function firstSentences(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").replace(/^"|"$/g, "").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("다. "));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut.slice(0, max - 1)}…`;
}

/** Turns one drafted operation into an imported tool, or says why it cannot be one. */
export function buildTool(draft: OperationDraft): BuildResult {
  if (draft.verified !== true) {
    const why = draft.verified === "failed" ? "verified_ok: false, its live call failed" : "no verified_ok: the source did not probe it";
    return { ok: false, reason: `the source records no successful live call of this operation (${why}), so its answer cannot be trusted` };
  }
  if (draft.errorStyle !== undefined && draft.errorStyle !== "http200_body_code") return { ok: false, reason: `error style ${draft.errorStyle} is not one the gateway can read` };
  if (draft.method !== "GET" && draft.method !== "POST") return { ok: false, reason: `method ${draft.method} is not supported (GET and POST are)` };
  let url: URL;
  try {
    url = new URL(draft.endpoint);
  } catch {
    return { ok: false, reason: `endpoint ${draft.endpoint} is not an absolute URL` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: `endpoint scheme ${url.protocol} is not http(s)` };
  if (!draft.keyParam) return { ok: false, reason: "the operation declares no service key passing (an apiKey in the query), which the gateway needs to call it" };
  if (draft.format_ === null) return { ok: false, reason: "the response format (JSON or XML) is unknown" };

  const notes = [...draft.notes];
  const itemFields = draft.fields.filter((f) => !ENVELOPE_FIELDS.has(f.name.toLowerCase()));
  const envelopeOnly = draft.fields.length > 0 && itemFields.length === 0;
  if (itemFields.length === 0 || itemFields.every((f) => f.nullRate >= 1 && f.samples.length === 0)) {
    return {
      ok: false,
      reason: envelopeOnly
        ? `the source measured only envelope fields (${draft.fields.map((f) => f.name).join(", ")}): no item field is known, so no output can be typed`
        : "the source lists no response fields, so no output can be typed",
    };
  }
  const seenFields = new Set<string>();
  const fields = itemFields.filter((f) => (seenFields.has(f.name) ? false : (seenFields.add(f.name), true)));

  const params = dedupeParams(draft, notes).filter((p) => p.name !== draft.keyParam && p.name.toLowerCase() !== "servicekey");
  const paging = pagingOf(draft, params, notes);
  const { param: formatParam, replicaDefault } = formatSwitch(draft, params);
  const opName = draft.operation.replace(/^\//, "");
  const fixedQuery: Record<string, string> = {};
  const built = fields.map((f) => field(f, notes));
  const fieldTags = new Map(built.map((b) => [b.spec.name, b.spec.tags]));
  const replicaFields = new Map(built.map((b) => [b.replica.name, b.replica]));

  const taken = new Set<string>();
  const outParams: ImportedParam[] = [];
  const replicaParams: ImportedTool["replica"]["params"] = [];
  for (const p of params) {
    if (p === formatParam) continue;
    if (p.required && p.examples.length > 0 && p.examples.every((e) => e === opName)) {
      // A required parameter whose one value is the operation's own name is a constant, not an input.
      fixedQuery[p.name] = opName;
      notes.push(`parameter ${p.name} is always ${opName}; sent as a constant`);
      continue;
    }
    if (!paging && PAGE_PARAMS.includes(p.name)) {
      // A page number without a page size (the service fixes the size itself).
      const name = paramName(p.name, taken);
      outParams.push({ name, type: "integer", required: false, description: "페이지 번호 / page number", tags: [], default: 1, examples: [], minimum: 1 });
      replicaParams.push({ wire: p.name, required: false, tags: [] });
      continue;
    }
    const isPage = paging?.page === p.name;
    const isSize = paging?.size === p.name;
    if (isPage || isSize) {
      const size = Math.min(paging?.max ?? 1000, Math.max(1, Number(p.examples.find((e) => /^\d+$/.test(e)) ?? 10)));
      const name = paramName(p.name, taken);
      outParams.push({
        name,
        ...(name !== p.name ? { wire: p.name } : {}),
        type: "integer",
        required: false,
        description: isPage ? "페이지 번호 / page number" : `한 페이지 결과 수 (최대 ${paging?.max ?? 1000}) / rows per page`,
        tags: [],
        default: isPage ? 1 : Math.min(size, 100),
        examples: [],
        minimum: 1,
        ...(isSize ? { maximum: paging?.max ?? 1000 } : {}),
      });
      replicaParams.push({ wire: p.name, required: false, tags: [] });
      continue;
    }
    const textExamples = examplesInText(p.description);
    const evidenceSamples = [...p.examples, ...textExamples];
    const ownTags = inferTags({ name: condField(p.name)?.field ?? p.name, title: p.description, samples: evidenceSamples });
    const link = linkedField(p, fields, ownTags, fieldTags);
    const linkedTags = link ? (fieldTags.get(link.field.name) ?? []) : [];
    const tags = [...new Set([...ownTags, ...linkedTags.filter((t) => !t.startsWith("contact."))])];
    const type = inferParamType({ name: p.name, title: p.description, samples: evidenceSamples }, tags, p.declared);
    let examples = [...new Set(evidenceSamples)];
    if (examples.length === 0 && link) examples = link.field.samples.map((s) => s.trim()).filter((s) => s !== "").slice(0, 3);
    if (p.required && examples.length === 0 && p.default === undefined) {
      return { ok: false, reason: `required parameter ${p.name} has no example, default or measured value to call it with` };
    }
    if (link) {
      // The replica must hold what the documented examples ask for.
      const replica = replicaFields.get(link.field.name);
      if (replica) replica.samples = [...new Set([...replica.samples, ...examples.map(String)])].slice(0, 20);
    }
    const name = paramName(p.name, taken);
    const description = `${p.description || p.name}${link ? ` (결과의 ${link.field.name}${link.match === "contains" ? "를 포함 검색" : "와 일치"})` : ""}`.slice(0, 600);
    outParams.push({
      name,
      ...(name !== p.name ? { wire: p.name } : {}),
      type,
      required: p.required && p.default === undefined,
      description,
      tags,
      ...(p.default !== undefined ? { default: p.default } : {}),
      examples: examples.slice(0, 5).map((e) => scalarExample(e, type)),
      ...(link ? { filters: { field: link.field.name, match: link.match } } : {}),
    });
    replicaParams.push({ wire: p.name, required: p.required && p.default === undefined, tags, ...(link ? { filters: { field: link.field.name, match: link.match } } : {}) });
  }

  const exampleArgs: Record<string, string | number | boolean> = {};
  for (const p of outParams) {
    if (!p.required) continue;
    const value = p.examples[0];
    if (value !== undefined) exampleArgs[p.name] = value;
  }
  const examples: ImportedTool["spec"]["examples"] = [{ args: exampleArgs }];
  // A second example narrows by a documented value, where the replica keeps the documented values
  // (a field the shared world fills, such as an address or a business number, has its own).
  const worldTag = (t: string) => /^(biz|hira|region|geo)\./.test(t) || t === "facility.name" || t === "contact.phone";
  const optionalFilter = outParams.find((p) => !p.required && p.filters && p.examples.length > 0 && !p.tags.some(worldTag) && !(fieldTags.get(p.filters.field) ?? []).some(worldTag));
  if (optionalFilter?.examples[0] !== undefined) examples.push({ args: { ...exampleArgs, [optionalFilter.name]: optionalFilter.examples[0] }, note: `${optionalFilter.name}로 좁혀 찾기` });

  const envelope: Envelope = draft.envelopeHint ?? (params.some((p) => p.name === "perPage" || condField(p.name)) ? "odcloud_page" : "datagokr");
  const titleKo = draft.name ?? (draft.sourceTitle.split("_").slice(1).join("_") || draft.sourceTitle);
  const trade = tradeOf(titleKo) ?? tradeOf(draft.sourceTitle.split("_").slice(1).join(" "));
  const fieldList = built.map((b) => (b.spec.description === b.spec.name ? b.spec.name : `${b.spec.name}(${b.spec.description.replace(/ \(.*\)$/, "")})`)).slice(0, 12).join(", ");
  const summary = draft.summary ? firstSentences(draft.summary, 500) : `${draft.agency}의 ${titleKo} 오퍼레이션입니다.`;
  const rows = Math.max(1, Math.min(5000, Math.max(...fields.map((f) => f.unique ?? 0), 1)));
  const realtime = draft.realtime;
  const ttl = realtime ? CACHE_TTL_SECONDS.live : CACHE_TTL_SECONDS.daily;

  const candidate = {
    spec: {
      name: toolName(draft),
      title: { ko: titleKo.slice(0, 200), en: `${humanize(draft.operation)} (${draft.format === "datagokr-dataset" ? `data.go.kr ${draft.sourceId}` : draft.sourceId})`.slice(0, 200) },
      description: {
        ko: `${summary} 가져온 정의: ${draft.sourceTitle} ${draft.operation}. 결과 필드: ${fieldList}.`.slice(0, 2000),
        en: `Imported from ${draft.format === "datagokr-dataset" ? `data.go.kr dataset ${draft.sourceId}` : `the ${draft.format} document ${draft.document}`} (${draft.sourceTitle}, ${draft.agency}), operation ${draft.operation}. Returns items with ${built.map((b) => b.spec.name).slice(0, 12).join(", ")}.`.slice(0, 2000),
      },
      provider: {
        id: providerId(draft),
        name: { ko: draft.agency || draft.sourceTitle, en: `${draft.agency || draft.sourceTitle} (imported)` },
        origin: url.origin,
        host: url.host,
        quotaDaily: draft.trafficDaily ?? 1000,
      },
      request: {
        method: draft.method,
        path: url.pathname,
        keyParam: draft.keyParam,
        format: formatParam ? { in: "query" as const, name: formatParam.name, value: formatValue(formatParam, draft.format_) } : { in: "none" as const },
        responseFormat: draft.format_,
        fixedQuery,
      },
      params: outParams,
      pagination: paging ? { style: "page" as const, pageParam: paramOut(outParams, paging.page), sizeParam: paramOut(outParams, paging.size), maxSize: paging.max } : { style: "none" as const },
      envelope,
      fields: built.map((b) => b.spec),
      cache: { class: realtime ? ("live" as const) : ("daily" as const), ttlSeconds: ttl },
      examples,
      provenance: { format: draft.format, document: draft.document, source: `${draft.sourceId} ${draft.sourceTitle}`.slice(0, 300), operation: draft.operation, version: draft.version, date: draft.date, ...(draft.docs ? { docs: draft.docs } : {}), ...(draft.license ? { license: draft.license } : {}), notes },
    },
    replica: {
      provider: providerId(draft),
      host: url.host,
      method: draft.method,
      path: url.pathname,
      quotaDaily: draft.trafficDaily ?? 1000,
      keyParam: draft.keyParam,
      format: formatParam ? { in: "query" as const, name: formatParam.name, default: replicaDefault } : { in: "fixed" as const, value: draft.format_ },
      envelope,
      pagination: paging ? { style: "page" as const, pageParam: paging.page, sizeParam: paging.size, defaultSize: 10, maxSize: paging.max } : { style: "none" as const },
      params: replicaParams,
      fields: [...replicaFields.values()],
      rows,
      ...(trade ? { trade } : {}),
    },
  };
  const parsed = importedToolSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, reason: `the drafted tool is invalid: ${z.prettifyError(parsed.error).split("\n").slice(0, 3).join("; ")}` };
  return { ok: true, tool: parsed.data };
}

/**
 * The goods a register of makers, sellers or registrants is of, as its operation or dataset title
 * says: 화장품 in "화장품 제조(판매)업 정보조회", 원료의약품 in "원료의약품등록(DMF)현황".
 */
function tradeOf(title: string): string | undefined {
  return /([가-힣]{2,}?)\s*(?:제조|판매|수입|도매|소매|유통|가공|등록)/.exec(title)?.[1];
}

function paramOut(params: readonly ImportedParam[], wire: string): string {
  return params.find((p) => (p.wire ?? p.name) === wire)?.name ?? wire;
}

/** The value that asks for the measured format, in the spelling the source uses (JSON/json). */
function formatValue(param: DraftParam, measured: "json" | "xml" | null): string {
  const want = measured ?? "json";
  const spelled = [...param.examples, ...(param.enum ?? []), param.description].join(" ");
  return new RegExp(want.toUpperCase()).test(spelled) && !new RegExp(want).test(spelled) ? want.toUpperCase() : want;
}
