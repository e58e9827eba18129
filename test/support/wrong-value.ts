/**
 * The answer a confidently wrong model gives: an exported example's own answer with one stated
 * value changed, as little as a slip would change it — the last written digit of a number moved by
 * one (435,600원 → 435,601원, 5곳 → 6곳; a measurement beyond its tolerance, 12.3㎍/㎥ → 13.3㎍/㎥), or a text value swapped for the same
 * field's value in another row of the dialogue's results. One case per fact that can be found in
 * the answer.
 */
import { DEFAULT_TOLERANCE } from "../../src/bench/facts";

export interface AnswerFact {
  name: string;
  value: string | number;
  unit?: string | null;
}

export interface WrongValue {
  fact: string;
  from: string;
  to: string;
  answer: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How an answer may write the number: grouped, plain, and 만원 as 억 and 만. */
function writtenForms(value: number, unit: string | null | undefined): string[] {
  const forms = new Set([value.toLocaleString("en-US", { maximumFractionDigits: 4 }), String(value)]);
  if (unit === "만원" && Math.abs(value) >= 10_000) {
    const eok = Math.floor(value / 10_000);
    const rest = value % 10_000;
    forms.add(rest === 0 ? `${eok}억` : `${eok}억 ${rest.toLocaleString("en-US")}만`);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * The number's last digit moved by one (9 goes down, so no carry changes its length); for a
 * measurement read within a tolerance (풍속 ±0.5 m/s), the last digit before the point, so the
 * change is more than the tolerance allows.
 */
function slip(written: string, measured = false): string {
  const integer = written.replace(/[.,]\d+$/, "");
  const at = measured && /\./.test(written) ? integer.search(/\d(?=\D*$)/) : written.search(/\d(?=\D*$)/);
  const digit = Number(written[at]);
  return `${written.slice(0, at)}${digit === 9 ? 8 : digit + 1}${written.slice(at + 1)}`;
}

/**
 * The number as the answer states the fact: followed by its unit when it has one, so that a 2 in
 * a name (제2공장) or in "2곳 중" is not the one changed while the stated 2명 stays.
 */
function changedNumber(answer: string, fact: AnswerFact & { value: number }): WrongValue | null {
  const unit = fact.unit && fact.unit !== "만원" ? `(?=\\s?${escape(fact.unit)})` : "";
  for (const form of writtenForms(fact.value, fact.unit)) {
    const pattern = new RegExp(`(?<![\\d.,\\p{L}])${escape(form)}(?![\\d]|[.,]\\d)${/억|만$/.test(form) ? "" : unit}`, "u");
    const m = pattern.exec(answer);
    if (!m) continue;
    const to = slip(form, fact.unit !== null && fact.unit !== undefined && DEFAULT_TOLERANCE[fact.unit] !== undefined);
    return { fact: fact.name, from: form, to, answer: `${answer.slice(0, m.index)}${to}${answer.slice(m.index + form.length)}` };
  }
  return null;
}

function changedText(answer: string, fact: AnswerFact & { value: string }, rows: readonly Record<string, unknown>[]): WrongValue | null {
  if (fact.value.length < 2 || !answer.includes(fact.value)) return null;
  const fields = new Set(rows.flatMap((row) => Object.entries(row).filter(([, v]) => v === fact.value).map(([k]) => k)));
  for (const field of fields) {
    const other = rows.map((row) => row[field]).find((v): v is string => typeof v === "string" && v.length >= 2 && v !== fact.value && !answer.includes(v) && !v.includes(fact.value) && !fact.value.includes(v));
    if (other) return { fact: fact.name, from: fact.value, to: other, answer: answer.split(fact.value).join(other) };
  }
  return null;
}

/** Every one-value change of the answer that can be made (one per fact found in it). */
export function wrongValues(answer: string, facts: readonly AnswerFact[], rows: readonly Record<string, unknown>[]): WrongValue[] {
  return facts.flatMap((fact) => {
    const changed = typeof fact.value === "number" ? changedNumber(answer, { ...fact, value: fact.value }) : changedText(answer, { ...fact, value: fact.value }, rows);
    return changed ? [changed] : [];
  });
}
