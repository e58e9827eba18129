/**
 * Catalog: every tool, built-in and imported, with a search; a tool's page shows its parameters,
 * output fields and tags, its examples, where an imported tool came from, and a form that calls it
 * through the gateway as the logged-in team.
 */
import { Hono } from "hono";
import { parseOrThrow, type AppEnv } from "../../app/new-app";
import { ApiError } from "../../app/errors";
import { z } from "zod";
import { CATALOG, findTool } from "../../catalog";
import { resolveExampleArgs } from "../../catalog/examples";
import { importedSpec } from "../../catalog/import/layer";
import { importedCount, searchImported } from "../../catalog/import/store";
import type { Provenance } from "../../catalog/import/model";
import { ensureTools, syncCatalog } from "../../catalog/import/sync";
import { providerOf } from "../../catalog/providers";
import { outputFields, type ToolSpec } from "../../catalog/spec";
import { parametersJsonSchema } from "../../catalog/tools";
import { cacheModeSchema, callTool, type CacheMode, type CallOutcome } from "../../gateway/call";
import { callDeps } from "../../gateway/routes";
import { dbOf, type Db } from "../../db/client";
import { argsFromForm } from "../form-args";
import { L } from "../i18n";
import type { DashboardPage } from "../page";

const PATH = "/ui/catalog";
type JsonSchema = Record<string, unknown>;

const providerName = (tool: ToolSpec) => (tool.kind === "upstream" ? tool.provider : "local");
const cacheClass = (tool: ToolSpec) => (tool.kind === "upstream" ? tool.cache.class : "static");
const tagsOf = (tool: ToolSpec) => [...new Set(outputFields(tool).flatMap((f) => f.tags))];

/**
 * What a person searching for a provider's subject types, beside what the tools say of themselves:
 * "날씨" finds the KMA tools though few of their titles say it.
 */
const TOPICS: Readonly<Record<string, string>> = {
  kma: "날씨 기상 예보 기온 강수 비 눈 weather forecast",
  airkorea: "미세먼지 초미세먼지 대기질 대기오염 공기 air quality dust pm10 pm2.5",
  tourapi: "관광 여행 축제 숙박 맛집 tour travel festival",
  tago: "버스 교통 정류장 bus transit",
  seoul_subway: "지하철 전철 subway metro",
  seoul_openapi: "서울 따릉이 자전거 bike",
  juso_search: "주소 도로명 address",
  juso_coord: "주소 좌표 address coordinates",
  mois_region: "행정구역 법정동 지역코드 region code",
  molit_rtms: "부동산 아파트 실거래가 매매 real estate apartment",
  molit_apt: "아파트 단지 공동주택 apartment complex",
  molit_bld: "건축물 건물 building register",
  mfds: "의약품 약 drug medicine pill",
  hira: "병원 약국 의료 hospital pharmacy clinic",
  nts: "사업자 세금 국세청 business tax",
  nps: "국민연금 사업장 pension workplace",
  kasi: "공휴일 휴일 달력 국경일 holiday calendar",
};

/** The words of a Korean description, each once (the rows carry them, so keep them short). */
const descriptionWords = (text: string) => [...new Set(text.replace(/[^\p{L}\p{N}.]+/gu, " ").split(" ").filter((w) => w.length >= 2))];

const isImported = (tool: ToolSpec) => !CATALOG.has(tool.name);

/** Words every imported tool is found by (the imported rows' search text in D1 does not hold them). */
const IMPORTED_WORDS = "imported 가져온";

function searchText(tool: ToolSpec): string {
  const provider = providerName(tool);
  const topics = TOPICS[provider] ?? "";
  const providerTitle = tool.kind === "upstream" ? providerOf(tool.provider).name.ko : "";
  const source = isImported(tool) ? IMPORTED_WORDS : "";
  return [tool.name, tool.title.ko, tool.title.en, provider, providerTitle, source, topics, ...tagsOf(tool), ...Object.keys(tool.params.shape), ...descriptionWords(tool.description.ko)].join(" ").toLowerCase();
}

/** Rows per page: with thousands of imported operations one page would outgrow a phone's memory. */
export const PAGE_SIZE = 300;

export const catalogListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .default("")
    .refine((q) => q.split(/\s+/).length <= 20, "at most 20 words"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

interface ListPage {
  tools: ToolSpec[];
  /** Where this page starts among the matching tools (0-based). */
  offset: number;
  /** Tools that match the search, on every page. */
  matched: number;
  /** Tools in the catalog. */
  total: number;
}

/**
 * One page of the tools that match every word: the built-in ones first (matched here), then the
 * imported ones by name, matched and paged in D1, so that only the page's specs are read.
 */
async function listPage(db: Db, q: string, page: number): Promise<ListPage> {
  const words = [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))];
  const builtin = [...CATALOG.values()].filter((t) => words.every((w) => searchText(t).includes(w)));
  const offset = (page - 1) * PAGE_SIZE;
  const builtinPage = builtin.slice(offset, offset + PAGE_SIZE);
  const imported = await searchImported(db, { words, also: IMPORTED_WORDS, offset: Math.max(0, offset - builtin.length), limit: PAGE_SIZE - builtinPage.length });
  await ensureTools(db, imported.names);
  const tools = [...builtinPage, ...imported.names.flatMap((name) => findTool(name) ?? [])];
  const matched = builtin.length + imported.total;
  return { tools, offset, matched, total: words.length === 0 ? matched : CATALOG.size + (await importedCount(db)) };
}

const ImportedTag = () => (
  <span class="tag imported">
    <L ko="가져옴" en="imported" />
  </span>
);

function inputProperties(tool: ToolSpec): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const schema = parametersJsonSchema(tool, true);
  return { properties: (schema["properties"] ?? {}) as Record<string, JsonSchema>, required: new Set((schema["required"] ?? []) as string[]) };
}

const typeText = (p: JsonSchema) => {
  const type = p["type"];
  if (Array.isArray(p["enum"])) return `enum: ${(p["enum"] as unknown[]).join(" | ")}`;
  return typeof type === "string" ? type : JSON.stringify(type ?? p["anyOf"] ?? "any");
};

const Tags = ({ tags }: { tags: unknown }) => <>{Array.isArray(tags) ? tags.map((t) => <span class="tag">{String(t)}</span>) : null}</>;

const pageHref = (q: string, page: number) => `${PATH}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString()}`;

const ToolList = ({ q, list }: { q: string; list: ListPage }) => {
  const { tools, offset, matched, total } = list;
  const page = offset / PAGE_SIZE + 1;
  const paged = matched > tools.length;
  return (
    <>
      <form class="search" method="get" action={PATH}>
        <input id="tool-search" name="q" value={q} placeholder="검색 / search: 날씨, 미세먼지, name, provider, tag (e.g. kma.grid)" autocomplete="off" />
        <button type="submit">
          <L ko="검색" en="Search" />
        </button>
        <span class="muted">
          <span id="tool-count">{matched}</span> / {total}
        </span>
      </form>
      <p id="no-tools" class="muted" hidden={matched > 0}>
        <L ko="찾는 도구가 없습니다. 다른 낱말(예: 날씨, 버스, 병원)로 찾아 보세요." en="No tool matches. Try another word (e.g. weather, bus, hospital)." />
      </p>
      {paged ? (
        <p id="tool-pages" class="muted" data-page={page}>
          {tools.length > 0 ? <L ko={`${matched}개 중 ${offset + 1}–${offset + tools.length}번째`} en={`${offset + 1}–${offset + tools.length} of ${matched}`} /> : null}
          {page > 1 ? (
            <>
              {" "}
              · <a href={pageHref(q, page - 1)} rel="prev">
                <L ko="이전" en="previous" />
              </a>
            </>
          ) : null}
          {offset + tools.length < matched ? (
            <>
              {" "}
              · <a href={pageHref(q, page + 1)} rel="next">
                <L ko="다음" en="next" />
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <div class="scroll">
        <table id="tools" data-paged={paged ? "true" : "false"}>
          <thead>
            <tr>
              <th>
                <L ko="도구" en="Tool" />
              </th>
              <th>
                <L ko="제목" en="Title" />
              </th>
              <th>
                <L ko="제공기관" en="Provider" />
              </th>
              <th>
                <L ko="캐시" en="Cache" />
              </th>
              <th class="num">
                <L ko="인자" en="Params" />
              </th>
              <th>
                <L ko="출력 태그" en="Output tags" />
              </th>
            </tr>
          </thead>
          <tbody>
            {tools.map((t) => (
              <tr data-search={searchText(t)} data-source={isImported(t) ? "imported" : "builtin"}>
                <td>
                  <a href={`${PATH}/${t.name}`}>
                    <code>{t.name}</code>
                  </a>
                </td>
                <td>
                  <L {...t.title} />
                </td>
                <td>
                  {providerName(t)} {isImported(t) ? <ImportedTag /> : null}
                </td>
                <td>{cacheClass(t)}</td>
                <td class="num">{Object.keys(t.params.shape).length}</td>
                <td>
                  <Tags tags={tagsOf(t)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
};

type CallView = { kind: "result"; outcome: CallOutcome } | { kind: "error"; error: ApiError };

const ResultView = ({ view }: { view: CallView }) => {
  if (view.kind === "error") {
    return (
      <div class="card error" id="call-result" data-outcome="error">
        <strong>{view.error.code}</strong> {view.error.field ? <code>{view.error.field}</code> : null} {view.error.message}
      </div>
    );
  }
  const { result, meta } = view.outcome;
  const columns = [...new Set(result.items.flatMap((item) => Object.keys(item)))];
  return (
    <div class="card" id="call-result" data-outcome="ok">
      <p>
        <strong>
          {result.items.length} <L ko="건" en="items" />
        </strong>{" "}
        <span class="muted">
          / {result.totalCount} · page {result.page} · cache <b data-cache={meta.cache}>{meta.cache}</b> · upstream {meta.upstreamMs} ms · {meta.fetchedAt}
        </span>
      </p>
      <div class="scroll">
        <table class="items">
          <thead>
            <tr>
              {columns.map((c) => (
                <th>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.items.slice(0, 100).map((item) => (
              <tr>
                {columns.map((c) => (
                  <td>{item[c] === undefined || item[c] === null ? "" : typeof item[c] === "object" ? JSON.stringify(item[c]) : String(item[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details>
        <summary>JSON</summary>
        <pre>{JSON.stringify(view.outcome, null, 2)}</pre>
      </details>
    </div>
  );
};

/** Where an imported tool came from: the document, its operation and version, what the importer assumed. */
const ProvenanceCard = ({ provenance }: { provenance: Provenance }) => (
  <div class="card" id="provenance" data-format={provenance.format}>
    <p>
      <ImportedTag /> {provenance.format} · <code>{provenance.document}</code> · {provenance.source} · <code>{provenance.operation}</code> · v{provenance.version} · {provenance.date}
      {provenance.docs && /^https?:\/\//.test(provenance.docs) ? (
        <>
          {" "}
          · <a href={provenance.docs}>docs</a>
        </>
      ) : null}
      {provenance.license ? <span class="muted"> · {provenance.license}</span> : null}
    </p>
    {provenance.notes.length > 0 ? (
      <ul class="muted">
        {provenance.notes.map((note) => (
          <li>{note}</li>
        ))}
      </ul>
    ) : null}
  </div>
);

const ToolDetail = ({ tool, values, cache, view }: { tool: ToolSpec; values: Record<string, unknown>; cache: CacheMode; view?: CallView }) => {
  const provenance = importedSpec(tool.name)?.provenance;
  const { properties, required } = inputProperties(tool);
  const provider = tool.kind === "upstream" ? providerOf(tool.provider) : null;
  const now = new Date();
  return (
    <>
      <div class="card">
        <p>
          <code>{tool.name}</code> · v{tool.version} · {provider ? <L {...provider.name} /> : <L ko="로컬 도구" en="local tool" />} · cache {cacheClass(tool)}
          {tool.kind === "upstream" ? (
            <span class="muted">
              {" "}
              · {tool.request.method} <code>{tool.request.path}</code>
            </span>
          ) : null}
        </p>
        <p class="ko" lang="ko">
          {tool.description.ko}
        </p>
        <p class="en" lang="en">
          {tool.description.en}
        </p>
      </div>
      {provenance ? <ProvenanceCard provenance={provenance} /> : null}

      <h2>
        <L ko="인자" en="Parameters" />
      </h2>
      <div class="scroll">
        <table id="params">
          <thead>
            <tr>
              <th>
                <L ko="이름" en="Name" />
              </th>
              <th>
                <L ko="형식" en="Type" />
              </th>
              <th>
                <L ko="필수" en="Required" />
              </th>
              <th>
                <L ko="기본값" en="Default" />
              </th>
              <th>
                <L ko="태그" en="Tags" />
              </th>
              <th>
                <L ko="설명" en="Description" />
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(properties).map(([name, p]) => (
              <tr>
                <td>
                  <code>{name}</code>
                </td>
                <td>{typeText(p)}</td>
                <td>{required.has(name) ? "✓" : ""}</td>
                <td>{p["default"] === undefined ? "" : JSON.stringify(p["default"])}</td>
                <td>
                  <Tags tags={p["x-tags"]} />
                </td>
                <td>{typeof p["description"] === "string" ? p["description"] : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>
        <L ko="출력 필드" en="Output fields" />
      </h2>
      <div class="scroll">
        <table id="outputs">
          <thead>
            <tr>
              <th>
                <L ko="이름" en="Name" />
              </th>
              <th>
                <L ko="형식" en="Type" />
              </th>
              <th>
                <L ko="태그" en="Tags" />
              </th>
              <th>
                <L ko="설명" en="Description" />
              </th>
            </tr>
          </thead>
          <tbody>
            {outputFields(tool).map((f) => (
              <tr>
                <td>
                  <code>{f.name}</code>
                  {f.optional ? <span class="muted"> ?</span> : null}
                </td>
                <td>
                  {f.type}
                  {f.pattern ? <code class="muted"> {f.pattern}</code> : null}
                </td>
                <td>
                  <Tags tags={f.tags} />
                </td>
                <td>{f.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>
        <L ko="호출해 보기" en="Try a call" />
      </h2>
      <p>
        <L ko="예시" en="Examples" />:{" "}
        {tool.examples.map((example, i) => (
          <a class="button" href={`${PATH}/${tool.name}?example=${i}`} title={example.note ?? ""} style="margin-right:6px">
            {Object.entries(resolveExampleArgs(example, now))
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(" ")}
          </a>
        ))}
      </p>
      <form class="card form-grid" id="call-form" method="post" action={`${PATH}/${tool.name}`}>
        {Object.entries(properties).map(([name, p]) => {
          const value = values[name];
          const options = Array.isArray(p["enum"]) ? (p["enum"] as unknown[]) : null;
          return (
            <>
              <label for={`arg-${name}`}>
                <code>{name}</code>
                {required.has(name) ? " *" : ""}
              </label>
              {options ? (
                <select id={`arg-${name}`} name={`arg.${name}`}>
                  <option value="">{p["default"] === undefined ? "—" : `(${String(p["default"])})`}</option>
                  {options.map((o) => (
                    <option value={String(o)} selected={value !== undefined && String(value) === String(o)}>
                      {String(o)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`arg-${name}`}
                  name={`arg.${name}`}
                  value={value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value)}
                  placeholder={p["default"] === undefined ? typeText(p) : `${typeText(p)} (${JSON.stringify(p["default"])})`}
                  required={required.has(name)}
                />
              )}
            </>
          );
        })}
        <label for="cache">cache</label>
        <select id="cache" name="cache">
          {cacheModeSchema.options.map((mode) => (
            <option value={mode} selected={mode === cache}>
              {mode}
            </option>
          ))}
        </select>
        <span />
        <div>
          <button class="primary" type="submit" id="call-submit">
            <L ko="호출" en="Call" />
          </button>
        </div>
      </form>
      {view ? <ResultView view={view} /> : null}
    </>
  );
};

/** A built-in tool, or an imported one as D1 has it now. */
async function toolOr404(db: Db, name: string): Promise<ToolSpec> {
  await syncCatalog(db, name);
  const tool = findTool(name);
  if (!tool) throw new ApiError("TOOL_NOT_FOUND", `no tool named ${name}`, "name");
  return tool;
}

const routes = new Hono<AppEnv>()
  .get("/catalog", async (c) => {
    const { q, page } = parseOrThrow(catalogListQuery, c.req.query(), "query");
    const list = await listPage(dbOf(c.env.DB), q, page);
    return c.render(<ToolList q={q} list={list} />, { title: { ko: "도구 카탈로그", en: "Tool catalog" }, page: PATH, scripts: ["catalog.js"] });
  })
  .get("/catalog/:name", async (c) => {
    const tool = await toolOr404(dbOf(c.env.DB), c.req.param("name"));
    const example = tool.examples[Number(c.req.query("example") ?? "0")] ?? tool.examples[0];
    const values = example ? resolveExampleArgs(example, new Date()) : {};
    return c.render(<ToolDetail tool={tool} values={values} cache="default" />, { title: tool.title, page: PATH });
  })
  .post("/catalog/:name", async (c) => {
    const tool = await toolOr404(dbOf(c.env.DB), c.req.param("name"));
    const form = await c.req.parseBody();
    const args = argsFromForm(form, inputProperties(tool).properties);
    const mode = cacheModeSchema.safeParse(form["cache"]);
    const cache = mode.success ? mode.data : "default";
    let view: CallView;
    try {
      view = { kind: "result", outcome: await callTool(callDeps(c), tool.name, { args, cache }) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      view = { kind: "error", error };
    }
    if (view.kind === "error") c.status(view.error.status);
    return c.render(<ToolDetail tool={tool} values={args} cache={cache} view={view} />, { title: tool.title, page: PATH });
  });

export const catalogPage: DashboardPage = { nav: { path: PATH, label: { ko: "카탈로그", en: "Catalog" } }, routes };
