/** A run's attempts and scores as CSV (one row per attempt) for spreadsheets and plots. */
import { measuresOf } from "./results";
import type { AttemptRow, RunRow, ScoreRow } from "./store";

const COLUMNS = ["run_id", "label", "model", "suite", "mode", "item_id", "attempt", "status", "scorable", "pass", "error_type", "steps", "tool_calls", "model_ms", "tool_ms", "total_ms"] as const;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function runCsv(run: RunRow, attempts: readonly AttemptRow[], scores: readonly ScoreRow[]): string {
  const byKey = new Map(scores.map((s) => [`${s.itemId}#${s.attempt}`, s]));
  const measureNames = [...new Set(scores.flatMap((s) => Object.keys(measuresOf(s.detail))))].sort();
  const lines = [[...COLUMNS, ...measureNames].join(",")];
  for (const a of attempts) {
    const score = byKey.get(`${a.itemId}#${a.attempt}`);
    const measures = score ? measuresOf(score.detail) : {};
    const row = [run.id, run.label, run.model, run.suite, run.mode, a.itemId, a.attempt, a.status, score?.scorable, score?.pass, score?.errorType, a.steps, a.toolCalls, a.modelMs, a.toolMs, a.totalMs, ...measureNames.map((m) => measures[m])];
    lines.push(row.map(cell).join(","));
  }
  return `${lines.join("\n")}\n`;
}
