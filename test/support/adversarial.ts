/**
 * Completions a lazy or cheating model would give for a KOPA-Bench task, and correct answers in
 * other words, built from the task and its gold run. Every class but `paraphrase` is expected to
 * fail the answer check; shared by the bench scorer's suite and the reward service's.
 *
 *   paraphrase    the right facts in natural Korean, four styles (sentences per fact; one running
 *                 sentence with rounded measurements, native numerals, Korean clock times, synonyms,
 *                 영하, 초속 …; a bullet list; the plain list the runner's scripted model writes),
 *                 after the gold calls
 *   dump          the raw JSON of every tool result, after the gold calls
 *   dump_values   every field value of every result joined by spaces, after the gold calls
 *   hedge         each value offered with two distractors ("A 또는 B 또는 C"), after the gold calls
 *   wrong_winner  a comparison answered with the loser as the winner (comparison tasks)
 *   wrong_value   the paraphrase with one value wrong, after the gold calls
 *   memory        the correct paraphrase without a single call
 *   empty         the gold calls, then no answer
 */
import type { FactValue, PlanRun } from "../../src/bench/plan";
import type { BenchTask, Fact } from "../../src/bench/task";

export const CLASSES = ["paraphrase", "dump", "dump_values", "hedge", "wrong_winner", "wrong_value", "memory", "empty"] as const;
export type AdversarialClass = (typeof CLASSES)[number];

export interface AdversarialCase {
  taskId: string;
  cls: AdversarialClass;
  answer: string;
  /** Whether the gold calls (with their results) precede the answer. */
  withCalls: boolean;
  label: string;
}

const COUNT_UNITS = new Set(["명", "건", "곳", "개", "대", "세대", "동", "층", "일", "정류장"]);
const NATIVE = ["", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열", "열한", "열두"];

/** 은/는, 이/가 … by whether the word ends in a final consonant (digits read in Korean). */
function josa(word: string, withFinal: string, without: string): string {
  const last = word.trim().slice(-1);
  if (/\d/.test(last)) return "013678".includes(last) ? withFinal : without;
  const code = last.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return without;
  return code % 28 === 0 ? without : withFinal;
}

const group = (n: number) => Math.round(n).toLocaleString("en-US");

function won(manwon: number, style: number): string {
  const total = Math.round(manwon);
  const eok = Math.floor(total / 10000);
  const man = total % 10000;
  if (style === 1) return `${group(total)}만원`;
  if (eok === 0) return `${group(man)}만 원`;
  return man === 0 ? `${eok}억 원` : `${eok}억 ${group(man)}만 원`;
}

function decimals(n: number): number {
  const text = String(n);
  return text.includes(".") ? text.length - text.indexOf(".") - 1 : 0;
}

function renderNumber(fact: Fact, v: number, style: number): string {
  const unit = fact.unit ?? null;
  const plain = decimals(v) >= 2 ? String(Math.round(v * 10) / 10) : String(v);
  switch (unit) {
    case "만원":
      return won(v, style);
    case "원":
      return `${group(v)}원`;
    case "℃":
      if (style === 1) return Number.isInteger(v) ? (v < 0 ? `영하 ${-v}도` : `${v}도`) : `약 ${Math.round(v)}도`;
      return style === 2 ? `${plain}°C` : `${plain}℃`;
    case "m/s":
      return style === 1 ? `초속 ${plain}미터` : `${plain} m/s`;
    case "㎍/㎥":
      return style === 1 ? (decimals(v) >= 1 ? `약 ${Math.round(v)}㎍/㎥` : `${v}마이크로그램`) : style === 2 ? `${plain}μg/m³` : `${plain}㎍/㎥`;
    case "%":
      return style === 1 ? `${plain}퍼센트` : `${plain}%`;
    case "초":
      return style === 1 && v >= 60 ? `${Math.floor(v / 60)}분 ${v % 60}초` : `${v}초`;
    case "㎡":
      return style === 1 ? `${plain}제곱미터` : `${group(v) === plain ? group(v) : plain}㎡`;
    case null:
      return plain;
    default:
      if (COUNT_UNITS.has(unit)) {
        if (style === 1 && v === 0) return "하나도 없";
        if (style === 1 && v > 0 && v < NATIVE.length && ["곳", "개", "명", "대", "건"].includes(unit)) return `${NATIVE[v]} ${unit}`;
        return `${group(v)}${unit}`;
      }
      return `${plain}${unit}`;
  }
}

function renderDate(value: string, style: number): string {
  const d = value.replace(/\D/g, "");
  const [y, m, day] = [d.slice(0, 4), Number(d.slice(4, 6)), Number(d.slice(6, 8))];
  if (d.length === 6) return `${y}년 ${m}월`;
  return style === 0 ? `${y}년 ${m}월 ${day}일` : style === 1 ? `${m}월 ${day}일` : `${y}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}

function koreanTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const period = h < 12 ? "오전" : "오후";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${period} ${hour}시${m === 0 ? "" : ` ${m}분`}`;
}

function renderText(fact: Fact, value: string, style: number): string {
  const synonym = fact.synonyms?.[value]?.[0];
  if (style === 1 && synonym) return synonym;
  if (style === 1 && /^([01]\d|2[0-3])([0-5]\d)$/.test(value)) return koreanTime(Number(value.slice(0, 2)) * 60 + Number(value.slice(2)));
  if (style === 1 && /^\d{1,2}:\d{2}\s*~\s*\d{1,2}:\d{2}$/.test(value)) {
    const [a = "", b = ""] = value.split("~").map((t) => t.trim());
    const mins = (t: string) => Number(t.split(":")[0]) * 60 + Number(t.split(":")[1]);
    return `${koreanTime(mins(a))}~${koreanTime(mins(b))}`;
  }
  return value;
}

function renderValue(fact: Fact, value: FactValue, style: number): string {
  if (Array.isArray(value)) return value.join(", ");
  if (fact.kind === "number" && typeof value === "number") {
    const synonym = fact.synonyms?.[String(value)]?.[0];
    return style === 1 && synonym ? synonym : renderNumber(fact, value, style);
  }
  if (fact.kind === "date") return renderDate(String(value), style);
  return renderText(fact, String(value), style);
}

const isComparison = (fact: Fact) => typeof fact.value === "object" && "compare" in fact.value;

function comparisonSentence(fact: Fact, winner: string, style: number): string {
  const spec = fact.value;
  if (typeof spec !== "object" || !("compare" in spec)) return "";
  if (winner === spec.tie) return "두 곳이 같습니다.";
  const loser = spec.labels[0] === winner ? spec.labels[1] : spec.labels[0];
  if (style === 0) return `${fact.name}${josa(fact.name, "은", "는")} ${winner}입니다.`;
  if (style === 1) return `${loser}보다 ${winner}${josa(winner, "이", "가")} 앞서요.`;
  return `- 답: ${winner} 쪽이 더 우세합니다.`;
}

function factSentence(fact: Fact, value: FactValue, style: number): string {
  if (isComparison(fact)) return comparisonSentence(fact, String(value), style);
  const text = renderValue(fact, value, style);
  if (style === 2) return `- ${fact.name}: ${text}`;
  const synonymous = fact.synonyms?.[String(value)] !== undefined && style === 1;
  if (synonymous) return `${fact.name}${josa(fact.name, "은", "는")} 확인해 보니 ${text}${/않$/.test(text) ? "습니다" : /[다요]$/.test(text) ? "" : "요"}.`;
  if (text === "하나도 없") return `${fact.name}${josa(fact.name, "은", "는")} 하나도 없어요.`;
  return `${fact.name}${josa(fact.name, "은", "는")} ${text}${style === 1 ? "이고" : "입니다."}`;
}

/** Style 3: a plain list, the way the runner's scripted gold model answers (`- 이름: 값`). */
function listed(fact: Fact, value: FactValue): string {
  if (Array.isArray(value)) return value.join(", ");
  if (fact.kind === "number" && typeof value === "number") return fact.unit === "만원" ? won(value, 0) : `${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}${fact.unit ?? ""}`;
  const text = String(value);
  if (fact.kind === "date" && /^\d{8}$/.test(text)) return renderDate(text, 0);
  if (/^([01]\d|2[0-3])[0-5]\d$/.test(text)) return `${text.slice(0, 2)}:${text.slice(2)}`;
  return text;
}

/** The answer stating `values` (the gold facts, or some of them changed) in one of four styles. */
export function paraphrase(task: BenchTask, values: Readonly<Record<string, FactValue>>, style: number): string {
  const facts = task.answer.facts.filter((f) => f.name in values);
  if (style === 3) return ["조회한 결과를 알려드립니다.", ...facts.map((f) => `- ${f.name}: ${listed(f, values[f.name] ?? "")}`)].join("\n");
  const parts = facts.map((f) => factSentence(f, values[f.name] ?? "", style));
  if (style === 1) return `알아봤어요. ${parts.join(", ").replace(/이고$/, "예요")}.`.replace(/요\.\./g, "요.").replace(/이고\./g, "이에요.");
  return parts.join(style === 2 ? "\n" : " ");
}

function shiftDate(value: string, days: number): string {
  const d = value.replace(/\D/g, "");
  const date = new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)) + days));
  return date.toISOString().slice(0, 10).replace(/-/g, "");
}

/** A value that is not the fact's: a rival from the same results, else one clearly off. */
function wrongValue(fact: Fact, value: FactValue, rivals: readonly (string | number)[], pool: readonly string[]): FactValue | null {
  if (Array.isArray(value)) return value.length > 1 ? value.slice(0, -1) : null;
  if (fact.kind === "number" && typeof value === "number") {
    const rival = rivals.map(Number).find((r) => Number.isFinite(r) && Math.abs(r - value) > Math.max(1, Math.abs(value) * 0.05));
    if (rival !== undefined) return rival;
    if (fact.unit && COUNT_UNITS.has(fact.unit)) return value + 3;
    return Math.round((value * 1.5 + (fact.unit === "만원" ? 5000 : 3)) * 10) / 10;
  }
  if (fact.kind === "date") return shiftDate(String(value), 3);
  const mine = String(value).replace(/\s/g, "");
  const other = [...rivals.map(String), ...pool].find((r) => {
    const t = r.replace(/\s/g, "");
    return t.length >= 2 && !t.includes(mine) && !mine.includes(t);
  });
  return other ?? null;
}

function distractors(fact: Fact, value: FactValue, rivals: readonly (string | number)[], pool: readonly string[]): string[] {
  if (fact.kind === "number" && typeof value === "number") {
    const fromResults = rivals.map(Number).filter((r) => Number.isFinite(r) && r !== value);
    const step = fact.unit && COUNT_UNITS.has(fact.unit) ? 1 : Math.max(1, Math.abs(value) * 0.1);
    const made = [value + step, value - step, value + 2 * step].map((v) => Math.round(v * 10) / 10);
    return [...fromResults, ...made].slice(0, 2).map((v) => renderNumber(fact, v, 0));
  }
  if (fact.kind === "date") return [shiftDate(String(value), 1), shiftDate(String(value), -1)].map((d) => renderDate(d, 0));
  const mine = String(value).replace(/\s/g, "");
  return [...rivals.map(String), ...pool]
    .filter((r) => {
      const t = r.replace(/\s/g, "");
      return t.length >= 2 && !t.includes(mine) && !mine.includes(t);
    })
    .slice(0, 2);
}

function hedgeAnswer(task: BenchTask, run: PlanRun, rivals: Readonly<Record<string, (string | number)[]>>, pool: readonly string[]): string {
  const facts = task.answer.facts.filter((f) => f.name in run.facts);
  return facts
    .map((f) => {
      const value = run.facts[f.name] ?? "";
      if (isComparison(f)) {
        const spec = f.value as { labels: [string, string] };
        return `${f.name}${josa(f.name, "은", "는")} ${spec.labels[0]} 또는 ${spec.labels[1]}입니다.`;
      }
      if (Array.isArray(value)) return `${f.name}${josa(f.name, "은", "는")} ${[...value, ...distractors(f, value[0] ?? "", rivals[f.name] ?? [], pool)].join(", ")} 중 하나입니다.`;
      const others = distractors(f, value, rivals[f.name] ?? [], pool);
      const options = [others[0], renderValue(f, value, 0), others[1]].filter((o): o is string => o !== undefined);
      return `${f.name}${josa(f.name, "은", "는")} ${options.join(" 또는 ")}입니다.`;
    })
    .join(" ");
}

function scalars(value: unknown, out: string[]): void {
  if (Array.isArray(value)) value.forEach((v) => scalars(v, out));
  else if (value !== null && typeof value === "object") Object.values(value).forEach((v) => scalars(v, out));
  else if (value !== null && value !== undefined && value !== "") out.push(String(value));
}

/**
 * Every case of one task. `rivals`: per fact, values of the same field in the result's other items
 * (the distractors a hedge or a wrong value draws first); `pool`: texts from other tasks.
 */
export function adversarialCases(task: BenchTask, run: PlanRun, rivals: Readonly<Record<string, (string | number)[]>>, pool: readonly string[]): AdversarialCase[] {
  const cases: AdversarialCase[] = [];
  const add = (cls: AdversarialClass, answer: string, withCalls: boolean, label: string) => cases.push({ taskId: task.id, cls, answer, withCalls, label });
  for (const style of [0, 1, 2, 3]) add("paraphrase", paraphrase(task, run.facts, style), true, `style ${style}`);
  const results = run.steps.flatMap((s) => (s.result ? [s.result] : []));
  add("dump", JSON.stringify(results.map((r) => (r.ok ? { totalCount: r.totalCount, items: r.items } : r))), true, "raw JSON");
  const values: string[] = [];
  for (const r of results) if (r.ok) scalars(r.items, values);
  add("dump_values", values.join(" "), true, "field values");
  add("hedge", hedgeAnswer(task, run, rivals, pool), true, "A 또는 B 또는 C");
  const comparison = task.answer.facts.find((f) => isComparison(f) && f.name in run.facts);
  if (comparison && typeof comparison.value === "object" && "compare" in comparison.value) {
    const winner = String(run.facts[comparison.name]);
    const [a, b] = comparison.value.labels;
    const loser = winner === a ? b : a;
    for (const style of [0, 1]) add("wrong_winner", paraphrase(task, { ...run.facts, [comparison.name]: loser }, style), true, `style ${style}`);
  }
  const target = task.answer.facts.find((f) => f.name in run.facts && !isComparison(f) && !f.when) ?? task.answer.facts.find((f) => f.name in run.facts && !isComparison(f));
  const wrong = target ? wrongValue(target, run.facts[target.name] ?? "", rivals[target.name] ?? [], pool) : null;
  if (target && wrong !== null) for (const style of [0, 1]) add("wrong_value", paraphrase(task, { ...run.facts, [target.name]: wrong }, style), true, `${target.name} style ${style}`);
  add("memory", paraphrase(task, run.facts, 0), false, "no calls");
  add("empty", "", true, "no answer");
  return cases;
}

/** A markdown table of fail rates (adversarial classes) and pass rates (paraphrases), per class. */
export function table(rows: readonly { cls: AdversarialClass; failed: boolean }[], title: string): { text: string; rates: Record<string, { n: number; rate: number }> } {
  const rates: Record<string, { n: number; rate: number }> = {};
  const lines = [`${title}`, "| class | cases | fails | rate that counts |", "| --- | ---: | ---: | ---: |"];
  for (const cls of CLASSES) {
    const mine = rows.filter((r) => r.cls === cls);
    if (mine.length === 0) continue;
    const failed = mine.filter((r) => r.failed).length;
    const rate = cls === "paraphrase" ? (mine.length - failed) / mine.length : failed / mine.length;
    rates[cls] = { n: mine.length, rate };
    lines.push(`| ${cls} | ${mine.length} | ${failed} | ${(rate * 100).toFixed(1)}% ${cls === "paraphrase" ? "pass" : "fail"} |`);
  }
  return { text: lines.join("\n"), rates };
}
