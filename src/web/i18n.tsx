/**
 * Korean and English labels. Every label is rendered in both languages; the stylesheet shows one
 * or both by `<html data-lang>`, which the `kopa_lang` cookie chooses (default both).
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";

export const LANG_VALUES = ["both", "ko", "en"] as const;
export type Lang = (typeof LANG_VALUES)[number];
export const LANG_COOKIE = "kopa_lang";

export function langOf(c: Context): Lang {
  const value = getCookie(c, LANG_COOKIE);
  return LANG_VALUES.find((l) => l === value) ?? "both";
}

export interface Label {
  ko: string;
  en: string;
}

/** A label in both languages; a name that reads the same in both (a provider id, a model) is shown once. */
export const L = ({ ko, en }: Label) =>
  ko === en ? (
    <>{ko}</>
  ) : (
    <>
      <span class="ko" lang="ko">
        {ko}
      </span>
      <span class="en" lang="en">
        {en}
      </span>
    </>
  );

/** Job and run statuses of synthesis and KOPA-Bench (shared by their pages and the progress script). */
export const STATUS_LABELS: Readonly<Record<string, Label>> = {
  queued: { ko: "대기", en: "queued" },
  running: { ko: "실행 중", en: "running" },
  done: { ko: "완료", en: "done" },
  budget_exhausted: { ko: "예산 소진", en: "budget exhausted" },
  exhausted_plans: { ko: "계획 소진", en: "plans exhausted" },
  cancelled: { ko: "취소됨", en: "cancelled" },
  failed: { ko: "실패", en: "failed" },
};

/** Walk and task shapes. */
export const SHAPE_LABELS: Readonly<Record<string, Label>> = {
  sequential: { ko: "순차", en: "sequential" },
  fan_out: { ko: "팬아웃", en: "fan-out" },
  reduction: { ko: "집계", en: "reduction" },
  parallel: { ko: "병렬", en: "parallel" },
  comparison: { ko: "비교", en: "comparison" },
  conditional: { ko: "조건", en: "conditional" },
};

/** Breakdown groups of a run summary. */
export const GROUP_LABELS: Readonly<Record<string, Label>> = {
  shape: { ko: "형태별", en: "By shape" },
  level: { ko: "난이도별", en: "By level" },
  provider: { ko: "제공기관별", en: "By provider" },
  category: { ko: "BFCL 범주별", en: "By BFCL category" },
};

/** The measures a run summary averages (bench/results.ts `measuresOf`). */
export const MEASURE_LABELS: Readonly<Record<string, Label>> = {
  factRecall: { ko: "사실 재현율", en: "fact recall" },
  toolPrecision: { ko: "도구 정밀도", en: "tool precision" },
  toolRecall: { ko: "도구 재현율", en: "tool recall" },
  toolF1: { ko: "도구 F1", en: "tool F1" },
  argAccuracy: { ko: "인자 정확도", en: "argument accuracy" },
  edgePrecision: { ko: "연결 정밀도", en: "edge precision" },
  edgeRecall: { ko: "연결 재현율", en: "edge recall" },
  edgeF1: { ko: "연결 F1", en: "edge F1" },
  actionValid: { ko: "유효한 행동", en: "valid actions" },
  envSuccess: { ko: "환경 성공", en: "environment success" },
  envRecall: { ko: "환경 재현율", en: "environment recall" },
  accuracy: { ko: "정확도", en: "accuracy" },
  decodeFailures: { ko: "디코딩 실패", en: "decode failures" },
  invalidCalls: { ko: "잘못된 호출 (시도당)", en: "invalid calls (per attempt)" },
  redundantCalls: { ko: "중복 호출 (시도당)", en: "redundant calls (per attempt)" },
  extraCalls: { ko: "불필요한 호출 (시도당)", en: "extra calls (per attempt)" },
  stepsOver: { ko: "초과 단계 (시도당)", en: "steps over (per attempt)" },
};

/** A label from a table, or the raw key in both languages when the table has none (a provider id). */
export const labelOf = (table: Readonly<Record<string, Label>>, key: string): Label => table[key] ?? { ko: key, en: key };

/** A benchmark suite: KOPA-Bench, all of BFCL, or one BFCL category. */
export function suiteLabel(suite: string): Label {
  if (suite === "kopa") return { ko: "KOPA-Bench", en: "KOPA-Bench" };
  if (suite === "bfcl:all") return { ko: "BFCL 전체", en: "BFCL, all categories" };
  const name = suite.replace(/^bfcl:/, "BFCL ");
  return { ko: name, en: name };
}
