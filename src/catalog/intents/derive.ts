/**
 * Intents derived from a tool's definition, for tools nobody wrote an intent for (every imported
 * tool, and built-in ones without a hand-written intent): what it is about, how a person names
 * one such thing and how the tool finds it, which facts people ask of it and how they are said.
 * Everything comes from the spec: the Korean titles of its output fields (`기관명 (instNm)`), their
 * semantic tags and types, and which parameter filters which field. A field the definition does
 * not name in Korean, or a code, an id or a bookkeeping date, is not something a person asks for,
 * and a tool whose rows have no name a person could say gets no intent at all. Pure functions.
 */
import { josa } from "../../util/korean";
import type { ImportedSpec } from "../import/model";
import { outputFields, type OutputField, type ToolSpec } from "../spec";
import type { AggregateIntent, AskIntent, FactIntent, HopIntent, ToolIntent } from "./schema";

/** Names of fields a definition leaves untitled, said by what their tag means. */
const TAG_NAMES: Record<string, string> = {
  "contact.phone": "전화번호",
  "region.address_road": "주소",
  "region.address_jibun": "주소",
  "region.zip5": "우편번호",
  "web.url": "홈페이지 주소",
};

/** Field names that are bookkeeping, codes, ids or a value's history (직전 과세유형): nobody asks for them. */
const NOT_ASKED = /(^직전|코드|ID|수정|시점|아이디|일련번호|순번|순서|구분자|식별|좌표|갱신|등록일시|처리일시|수정일|등록일$|데이터|기준일자|XML|파일|여부|YYYY|HH|Y\/N|URL|링크|이미지|암호화|자리|팩스|상세주소|지번주소|시도|시군구|읍면동|분류|비고|기타|^[가-힣]$|\bX\b|\bY\b)/i;
/** A number that is an id ("사건번호", "사업자번호"), unlike a phone or postal number. */
const ID_NUMBER = /번호$/;
const SAID_NUMBER = /(전화번호|연락처번호|우편번호)$/;

/** The Korean name a definition gives a field ("기관명" of `기관명 (instNm)`), or its tag's. */
export function fieldTitle(field: OutputField): string | null {
  // "건물명(상호명) (bldg_nm)": the field's own name goes, then any gloss in brackets.
  const raw = field.description
    .trim()
    .replace(/\s+\([A-Za-z_][A-Za-z0-9_]*\)?$/, "")
    .replace(/\s*\([^()]*\)\s*$/, "")
    .replace(/\([^()]*\)|\[[^\]]*\]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (raw && /[가-힣]/.test(raw) && raw.length <= 14) return raw;
  // "납세자상태 (계속사업자, 휴업자, 폐업자). 국세청에 없는 번호면 비어 있음": the name before the explanation.
  const head = raw.split(/\s*[.:;]\s+|\s+\.\s*/)[0]?.trim() ?? "";
  if (head !== raw && /^[가-힣][가-힣 ]{1,13}$/.test(head)) return head;
  for (const tag of field.tags) if (TAG_NAMES[tag]) return TAG_NAMES[tag];
  return null;
}

/** Whether a person would ask for this field: titled, a plain value, not an id or a code. */
function askable(field: OutputField, title: string | null): title is string {
  if (!title || NOT_ASKED.test(title)) return false;
  if (ID_NUMBER.test(title) && !SAID_NUMBER.test(title)) return false;
  // The row's own name: asking the name of the thing one named reads as no question at all.
  if (/(이름|명칭)$/.test(title) || field.tags.some((t) => t.endsWith(".name"))) return false;
  if (field.type === "boolean" || field.type === "number") return false;
  // A date said as 20240105 is not how an answer reads; dates are not asked (yet).
  if (field.tags.some((t) => t.startsWith("date.") || t.startsWith("geo.") || t.startsWith("biz.corp"))) return false;
  if (/(일자|일$|년월|연도|년도|시간$|일정)/.test(title)) return false;
  return true;
}

/** The unit a count or an amount is said in, from its title; none when the title does not say. */
export function unitOf(title: string): string | null {
  if (/(인구수|인원|직원수|현원|정원|외국인 수|사람|재판관수)/.test(title)) return "명";
  if (/세대수/.test(title)) return "세대";
  if (/(금액|예산액|요금|가격|상한가|단가|액$)/.test(title)) return "원";
  if (/(대수|차량수|주차면수|면수)/.test(title)) return "대";
  if (/(건수|항수)/.test(title)) return "건";
  if (/수량/.test(title)) return "개";
  return null;
}

function moreWord(title: string, unit: string): string {
  if (unit === "원") return /가격|가$|요금/.test(title) ? "비싼" : "큰";
  return "많은";
}

interface Askable {
  field: OutputField;
  title: string;
  unit: string | null;
}

/** How a person calls one such thing: a name field's title without its 명 ("기관명" → "기관"). */
function nounOf(field: OutputField): string | null {
  const noun = (fieldTitle(field) ?? "").replace(/한글$/, "").replace(/\s*(명칭|이름|명)$/, "").replace(/^(조회|한글)\s*/, "").trim();
  return noun.length >= 2 && /^[가-힣 ]+$/.test(noun) ? noun : null;
}

/**
 * The output field naming a row and what a person calls such a row. A name field only counts
 * when the definition says the rows are such things: a parameter searches by it, its tag says it is
 * a name, or the tool's title speaks of them ("공공기관 지점 목록조회" → 지점명, not 기관명).
 */
function labelOf(tool: ToolSpec, fields: readonly OutputField[], filtered: ReadonlySet<string>): { field: OutputField; noun: string } | null {
  const named = fields.flatMap((field) => {
    const title = fieldTitle(field) ?? "";
    const noun = nounOf(field);
    if (field.type !== "string" || !noun || !/(명|이름|명칭|명한글)$/.test(title) || /(코드|부처|시도|시군구|행정동|분야|부문|업종|구분|지방청|파일)/.test(title)) return [];
    return [{ field, noun }];
  });
  // The head noun of a Korean title comes last: 지점 in "공공기관 지점 목록조회", not 기관.
  const inTitle = named.filter((n) => tool.title.ko.includes(n.noun)).sort((a, b) => tool.title.ko.lastIndexOf(b.noun) - tool.title.ko.lastIndexOf(a.noun));
  const found = inTitle[0] ?? named.find((n) => filtered.has(n.field.name)) ?? named.find((n) => n.field.tags.some((t) => t.endsWith(".name")));
  if (found) return found;
  // A name the import tagged by its values, though the definition leaves it untitled (dutyName) or
  // titles it by its kind alone (사무소): the rows are what the tool's title says they are.
  const untitled = fields.find((f) => f.type === "string" && f.tags.some((t) => t.endsWith(".name")));
  const noun = untitled ? titleNoun(tool) : null;
  return untitled && noun ? { field: untitled, noun } : null;
}

/** What the tool's title says its rows are, for a tool whose rows carry no name ("사업자 상태"). */
function titleNoun(tool: ToolSpec): string | null {
  const noun = tool.title.ko.replace(/\([^)]*\)/g, "").replace(/\s*(목록|정보|조회|서비스|현황|안내|검색|API)+\s*/g, " ").trim().split(/\s+/).pop() ?? "";
  return noun.length >= 2 && /^[가-힣]+$/.test(noun) ? noun : null;
}

/** How an answer names a fact: a category's 명 goes ("영업상태명" → "영업 상태", "투여경로명" → "투여경로"). */
export function factName(title: string): string {
  // "개요" is a field's label; people ask for a place's 소개.
  if (title === "개요") return "소개";
  return title.replace(/(상태|구분|유형|종별|경로|과목|분류)명$/, "$1").replace(/([가-힣])(상태)$/, "$1 $2");
}

function factOf(a: Askable): FactIntent {
  return { fields: [a.field.name], name: factName(a.title), ...(a.unit ? { unit: a.unit, more: moreWord(a.title, a.unit) } : {}), digits: 0, all: false };
}

/** Both registers of the questions and noun phrases for one or two facts named `what`. */
function askOf(id: string, facts: readonly Askable[], when: AskIntent["when"]): AskIntent {
  const names = facts.map((f) => factName(f.title));
  const what = names.length === 1 ? (names[0] ?? "") : `${josa(names[0] ?? "", "과/와")} ${names[1] ?? ""}`;
  const counted = facts.length === 1 && facts[0]?.unit;
  const ask: [string, string][] = counted
    ? [
        [`{s} ${josa(what, "이/가")} 얼마나 돼요?`, `{s}의 ${josa(what, "은/는")} 얼마입니까?`],
        [`{s} ${what} 좀 알려 주세요.`, `{s}의 ${josa(what, "을/를")} 알려 주십시오.`],
        [`{s} ${what} 알 수 있을까요?`, `{s}의 ${what} 확인 부탁드립니다.`],
      ]
    : [
        [`{s} ${josa(what, "이/가")} 어떻게 돼요?`, `{s}의 ${josa(what, "은/는")} 어떻게 됩니까?`],
        [`{s} ${what} 좀 알려 주세요.`, `{s}의 ${josa(what, "을/를")} 알려 주십시오.`],
        [`{s} ${what} 알 수 있을까요?`, `{s}의 ${what} 확인 부탁드립니다.`],
        [`{s} ${josa(what, "이/가")} 뭐로 나와 있어요?`, `{s}의 ${josa(what, "이/가")} 어떻게 등록되어 있습니까?`],
        [`{s} ${what} 확인해 줄 수 있어요?`, `{s}에 대해 ${what} 조회를 부탁드립니다.`],
      ];
  return { id, say: [what, `${josa(what, "이/가")} 어떻게 되는지`, `${what} 정보`, `등록된 ${what}`, `${josa(what, "이/가")} 무엇인지`], ask, when, facts: facts.map(factOf) };
}

/** Places and offices are counted in 곳, anything else in 건. */
function countUnit(noun: string): string {
  return /(점|소|관|국|장|센터|기관|지사|사무소|단지|업체|약국|병원|학교|시설|사업장|사무실)$/.test(noun) ? "곳" : "건";
}

function countOf(noun: string): AggregateIntent {
  const unit = countUnit(noun);
  return {
    id: "count",
    op: "count",
    name: `${noun} 수`,
    unit,
    digits: 0,
    say: [`{s}의 ${noun} 수`, `{s}에 ${josa(noun, "이/가")} 몇 ${unit} 있는지`, `{s}의 ${josa(noun, "이/가")} 모두 몇 ${unit}인지`],
    ask: [
      [`{s} ${josa(noun, "이/가")} 모두 몇 ${unit}이에요?`, `{s}의 ${josa(noun, "은/는")} 모두 몇 ${unit}입니까?`],
      [`{s} ${noun} 몇 ${unit}인지 알려 주세요.`, `{s}의 ${noun} 수를 알려 주십시오.`],
    ],
    when: "any",
  };
}

/** Rows a register with no search is read in: all of it, up to what a walk keeps of a list it reads whole. */
const LISTED_ROWS = 1000;

/**
 * The parameter a person fills to find the thing they name, and the other arguments the search
 * always takes (the definition's own example values for its required parameters). A register no
 * parameter searches is read as it lists, its first page, and the named row is picked off it.
 */
function findOf(tool: ToolSpec, imported: ImportedSpec | undefined, label: OutputField): ToolIntent["find"] | undefined {
  const byName = imported?.params.find((p) => p.filters?.field === label.name && p.type === "string");
  // Rows no parameter finds by name are found as people look a business up: by its registration number.
  const byNumber = byName ? undefined : imported?.params.find((p) => p.filters && p.type === "string" && p.tags.includes("biz.b_no10") && outputFields(tool).some((f) => f.name === p.filters?.field));
  const param = byName ?? byNumber;
  if (!imported) return undefined;
  const required = imported.params.filter((p) => p.required && p.name !== param?.name);
  const example = tool.examples[0]?.args ?? {};
  const fixed = Object.fromEntries(
    required.flatMap((p) => {
      const value = example[p.name] ?? p.default ?? p.examples[0];
      return value === undefined ? [] : [[p.name, value] as const];
    }),
  );
  // A register read whole is read as it lists, with nothing a request would have to state: not a
  // month's slice of openings (crtrYm=202406) nor one institution's branches, which no one names.
  if (!param && required.some((p) => p.default === undefined)) return undefined;
  const size = tool.kind === "upstream" && tool.pagination.style === "page" ? { [tool.pagination.sizeParam]: Math.min(param ? 100 : LISTED_ROWS, tool.pagination.maxSize) } : {};
  // The names come from the tool's own listing: the same search with nothing typed in.
  const seedArgs = { ...fixed, ...size };
  // A business may stand in any agency's register: the request says which register it means.
  const register = registerOf(tool, imported);
  const of = (named: string) =>
    register
      ? [`${register} 목록의 ${named}`, `${register} 목록에 있는 ${named}`, `${register} 명단에 오른 ${named}`, `${register} 자료에 나오는 ${named}`, `${register} 목록에 올라 있는 ${named}`, `${register} 명단의 ${named}`, `${register} 목록에 나온 ${named}`, `${register} 자료에 있는 ${named}`, `${register} 명단에 있는 ${named}`, `${register} 목록에서 본 ${named}`]
      : [named];
  // What a register read whole lists is known only by its name: a request says which register.
  if (!param && register === null) return undefined;
  const field = byNumber?.filters?.field ?? label.name;
  const business = byNumber === undefined && register !== null && (param === undefined || BUSINESS_NOUN.test(nounOf(label) ?? ""));
  return {
    ...(param ? { param: param.name } : {}),
    ...(byNumber ? { field } : {}),
    seeds: [{ from: "call", tool: tool.name, args: seedArgs, field, shorten: false }],
    // A register read whole is called as its listing was: the named row is on that page.
    args: param ? fixed : seedArgs,
    refer: byNumber ? NUMBERED.flatMap(of) : business ? of("{s}") : ["{s}"],
    ...(business ? { among: `${register} 목록의` } : {}),
  };
}

/** How a request states a business it names by its registration number. */
const NUMBERED = ["사업자등록번호 {s} 사업장", "사업자등록번호가 {s}인 사업장", "사업자번호 {s}인 곳", "사업자등록번호 {s}로 등록된 곳", "사업자번호가 {s}인 업체"];

/** Nouns of businesses, which many registers list: such a subject is named with its register. */
const BUSINESS_NOUN = /(업체|사업장|상점|업소|회사|점포|사업자|상호)$/;

/**
 * What a tool's rows are a register of, from its title ("화장품 제조(판매)업 정보조회" → "화장품 제조업"),
 * led by what its dataset is about where the title does not say it ("재난배상책임보험 신규가입대상시설물").
 */
function registerOf(tool: ToolSpec, imported: ImportedSpec | undefined): string | null {
  // "건강_약국 데이터 조회" is a dataset's label: what it lists is its last part (약국), said with its agency below.
  const kind = plainTitle(tool.title.ko.slice(tool.title.ko.lastIndexOf("_") + 1));
  if (kind.length < 2 || !/^[가-힣A-Za-z/ ]+$/.test(kind)) return null;
  // "15125655 행정안전부_재난배상책임보험 사업장 정보": the id and the agency go, and the generic words after the theme.
  const source = (imported?.provenance.source ?? "").replace(/^\d+\s+/, "");
  const theme = plainTitle(source.includes("_") ? source.slice(source.indexOf("_") + 1) : source).replace(/(\s*(사업장|업체|기관|시설물?|관련|현황))+$/, "");
  // A theme that repeats a word of the title adds nothing to it ("검진기관 찾기" before "검진종류별 검진기관"),
  // nor one that starts as a word of it does ("산재재활기관관리" before "산재근로자 기관").
  const shared = theme.split(" ").some((w) => w.length >= 2 && kind.split(" ").some((k) => k === w || (k.length >= 2 && k.slice(0, 2) === w.slice(0, 2))));
  const named = theme.length >= 2 && /^[가-힣 ]+$/.test(theme) && !shared && !kind.includes(theme) && !theme.includes(kind) ? `${theme} ${kind}` : kind;
  // A register called by the tool's own title ("취업교육 교육장 조회") reads as the API's name, not a
  // person's words: it is called by its agency and what it lists ("한국산업인력공단 교육장").
  // So is a register called by a bare kind ("지사 목록"), which names no one's register.
  const title = tool.title.ko.replace(/\s*(조회|검색)$/, "").trim();
  const bare = !named.includes(" ") && named.length <= 3;
  if (!bare && (title.length < 4 || !named.includes(title))) return named;
  const agency = source.includes("_") ? source.slice(0, source.indexOf("_")).trim() : "";
  const listed = kind.split(" ").pop() ?? "";
  return /^[가-힣]{2,}$/.test(agency) && listed.length >= 2 && !`${agency} ${listed}`.includes(title) ? `${agency} ${listed}` : null;
}

function plainTitle(title: string): string {
  return title
    .replace(/\([^)]*\)/g, "")
    .replace(/_/g, " ")
    .replace(/(\s*(목록|정보|조회|서비스|현황|안내|검색|데이터|API))+\s*$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The intent a tool's definition implies, or null when its rows name nothing a person could say. */
export function deriveToolIntent(tool: ToolSpec, imported?: ImportedSpec): ToolIntent | null {
  const fields = outputFields(tool);
  const filtered = new Set((imported?.params ?? []).flatMap((p) => (p.filters ? [p.filters.field] : [])));
  const named = labelOf(tool, fields, filtered);
  const label = named?.field;
  const noun = named?.noun ?? titleNoun(tool);
  if (!noun) return null;
  const askables: Askable[] = fields.flatMap((field) => {
    if (field.name === label?.name) return [];
    const title = fieldTitle(field);
    if (!askable(field, title)) return [];
    return [{ field, title, unit: unitOf(title) }];
  });
  // Two fields with one title (a road and a lot-number address both said 주소) would be one fact.
  const seen = new Set<string>();
  const distinct = askables.filter((a) => !seen.has(a.title) && seen.add(a.title));
  // What a live service answers holds for this hour (arrivals, alerts); the rest stands.
  const when = tool.kind === "upstream" && tool.cache.class === "live" ? "now" : "any";
  const asks: AskIntent[] = distinct.map((a) => askOf(`f_${a.field.name}`, [a], when));
  const phone = distinct.find((a) => a.field.tags.includes("contact.phone"));
  const address = distinct.find((a) => a.field.tags.some((t) => t.startsWith("region.address")));
  if (phone && address) asks.push(askOf("f_address_phone", [address, phone], when));
  const find = label ? findOf(tool, imported, label) : undefined;
  // A register read whole gives nothing to ask when it titles none of its facts.
  if (asks.length === 0 && find?.param === undefined) return null;
  // A search around a point lists the nearest first, with how far each row is.
  const far = fields.find((f) => f.tags.includes("geo.distance"));
  const distance = far ? { field: far.name, unit: /\(km\)|킬로/.test(far.description) ? ("km" as const) : ("m" as const) } : undefined;
  return {
    subject: `derived:${tool.name}`,
    noun,
    ...(distance ? { distance } : {}),
    ...(label ? { label: label.name } : {}),
    ...(find ? { find } : {}),
    asks,
    // Rows are counted only when each row is one named thing.
    aggregates: label ? [countOf(noun)] : [],
  };
}

/**
 * What a verified link means when nobody wrote it down: the same thing in another form (its code
 * into a search by code, its address into a search by address). A link into what holds only at an
 * hour (weather, air) is not derived: such a fact fits a place one goes to, and which places those
 * are is written by hand.
 */
export function deriveHopIntent(from: string, to: string, target: ToolIntent, rows: HopIntent["rows"] = "one"): HopIntent | null {
  if (target.asks.length > 0 && target.asks.every((a) => a.when === "now" || a.when === "day3")) return null;
  return { from, to, means: "same", args: {}, say: [], rows };
}
