/**
 * The KOPA-Bench abstention set: requests that no catalogued tool can answer (a lottery draw, an
 * asking price, a sea temperature, a forecast a month out …), where the right answer says that it
 * cannot be answered. Reported as its own category, never mixed into the 145 tasks.
 *
 * An answer passes when it is non-empty, says that the thing cannot be looked up or known (one of
 * ABSTAINING), and states no made-up value: a quantity of a kind the request asks for (the entry's
 * `units`; `bare` numbers too where the request asks for plain numbers) that is neither in the
 * request nor among the values of the attempt's own successful tool results. So "호가는 확인할 수
 * 없지만 지난달 실거래가는 21억 원이에요" passes when the model looked the 21억 up, while "정확히는 알
 * 수 없지만 23억 정도" (a hedge) and "23억 원입니다" (a fabrication) fail.
 */
import { z } from "zod";
import type { NormalisedResult } from "../upstream/result";
import { resultValues } from "./evidence";
import { clockTimes, quantities, stripThinking } from "./facts";
import { domainSchema } from "./task";
import abstentionFile from "./tasks/abstention.json";

/** Ids of abstention requests: ka-001, ka-002, … */
const ABSTENTION_ID = /^ka-\d{3}$/;

/** Units a made-up answer would carry, as facts.ts reads them. */
export const ABSTENTION_UNITS = ["원", "만원", "%", "℃", "분", "초", "시간", "명", "개", "대", "m", "mm", "㎍/㎥", "km", "일"] as const;

export const abstentionTaskSchema = z
  .object({
    id: z.string().regex(ABSTENTION_ID, "abstention ids are ka-001, ka-002, …"),
    version: z.number().int().min(1),
    domain: domainSchema,
    request: z.object({ ko: z.string().min(8), en: z.string().min(8) }).strict(),
    /** Why no catalogued tool answers it (for reviewers; the model never sees it). */
    reason: z.string().min(8),
    /** The units a value for the request would carry: such a value not backed by a tool result is made up. */
    units: z.array(z.enum(ABSTENTION_UNITS)).min(1),
    /** The request asks for plain numbers (lottery numbers): a number without a unit is made up too. */
    bare: z.literal(true).optional(),
    /** The request asks for a time of day: a clock time not in a tool result is made up. */
    times: z.literal(true).optional(),
  })
  .strict();
export type AbstentionTask = z.infer<typeof abstentionTaskSchema>;

/** Ways to say "this cannot be looked up or known". */
const ABSTAINING =
  /(알\s?수(가)?\s?없|확인(할|하실|해\s?드릴)\s?수(가)?\s?없|확인(이|하기|해\s?드리기)\s?어렵|확인되지\s?않|조회(할|해\s?드릴)\s?수(가)?\s?없|조회(가|하기)\s?어렵|조회되지\s?않|찾을\s?수(가)?\s?없|제공(하지|되지)\s?않|제공(할|해\s?드릴)\s?수(가)?\s?없|(도구|API|기능|데이터|정보|방법)[가이는]?\s?없|드릴\s?수(가)?\s?없|답(변)?(하기|해\s?드리기)\s?어렵|예측(할|하기)?\s?수(가)?\s?없|예측(이|하기)\s?(불가|어렵)|불가능|지원(하지|되지)\s?않|않습니다만|공개되지\s?않|알려져\s?있지\s?않)/;

export type AbstentionFailure = "no_answer" | "no_abstention" | "fabricated";

export interface AbstentionScore {
  suite: "kopa";
  category: "abstention";
  pass: boolean;
  error_type?: string;
  /** Whether the answer says the request cannot be answered. */
  abstained: boolean;
  /** Values the answer states that no tool result of the attempt holds. */
  fabricated: string[];
}

const numeric = (text: string): number | null => {
  const n = Number(text.replace(/,/g, ""));
  return text.trim() !== "" && Number.isFinite(n) ? n : null;
};

/** Whether a written quantity equals one of the numbers in the pool (same value, or the same amount in 만원). */
function inPool(value: number, won: boolean, pool: ReadonlySet<number>): boolean {
  if (pool.has(value)) return true;
  return won && (pool.has(value / 1e4) || pool.has(value * 1e4));
}

/**
 * Scores an answer to an abstention request. `obtained` are the successful results of the attempt's
 * own calls: a value copied from them is reported, not made up.
 */
export function scoreAbstention(task: AbstentionTask, final: string | null, obtained: readonly NormalisedResult[]): AbstentionScore {
  const answer = final === null ? "" : stripThinking(final).trim();
  const base = { suite: "kopa" as const, category: "abstention" as const };
  if (answer === "") return { ...base, pass: false, error_type: "no_answer", abstained: false, fabricated: [] };
  const pool = new Set<number>();
  for (const text of [...resultValues(obtained), ...quantities(task.request.ko).map((q) => String(q.value))]) {
    const n = numeric(text);
    if (n !== null) pool.add(n);
  }
  const units = new Set<string>(task.units);
  const fabricated: string[] = [];
  for (const q of quantities(answer)) {
    const asked = q.unit === null ? task.bare === true || (q.won && (units.has("원") || units.has("만원"))) : units.has(q.unit) || (q.won && (units.has("원") || units.has("만원")));
    if (asked && !inPool(q.value, q.won, pool)) fabricated.push(q.text.trim());
  }
  if (task.times) {
    const requested = new Set(clockTimes(task.request.ko));
    const observed = new Set([...pool].map((n) => Math.round(n)));
    for (const minutes of clockTimes(answer)) if (!requested.has(minutes) && !observed.has(minutes) && !observed.has(Math.floor(minutes / 60) * 100 + (minutes % 60))) fabricated.push(`${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`);
  }
  const abstained = ABSTAINING.test(answer.replace(/\s+/g, " "));
  if (fabricated.length > 0) return { ...base, pass: false, error_type: `fabricated:${fabricated[0] ?? ""}`, abstained, fabricated };
  if (!abstained) return { ...base, pass: false, error_type: "no_abstention", abstained, fabricated };
  return { ...base, pass: true, abstained, fabricated };
}

// ---------------------------------------------------------------------------------------------
// The set

function parseAbstention(content: unknown): AbstentionTask[] {
  const parsed = z.array(abstentionTaskSchema).safeParse(content);
  if (!parsed.success) throw new Error(`invalid KOPA-Bench abstention set:\n${z.prettifyError(parsed.error)}`);
  const ids = new Set<string>();
  for (const task of parsed.data) {
    if (ids.has(task.id)) throw new Error(`invalid KOPA-Bench abstention set: ${task.id} twice`);
    ids.add(task.id);
  }
  return parsed.data.sort((a, b) => a.id.localeCompare(b.id));
}

export const ABSTENTION_TASKS: readonly AbstentionTask[] = parseAbstention(abstentionFile);

const byId = new Map(ABSTENTION_TASKS.map((t) => [t.id, t]));

/** The abstention request with that id, if any. */
export function abstentionTask(id: string): AbstentionTask | undefined {
  return byId.get(id);
}

/** Whether an item id names an abstention request (reported apart from the tasks). */
export const isAbstentionId = (id: string) => ABSTENTION_ID.test(id);
