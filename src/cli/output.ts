/** Small output helpers shared by commands: JSON, timestamps, shell quoting. */
import type { Io } from "./io";

export function printJson(io: Io, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

const KST_OFFSET_MS = 9 * 3600_000;

/** `2026-11-30 00:35 KST` from epoch ms or an ISO string (Korea's time, as the dashboard shows it); blank for null. */
export function formatTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : `${new Date(date.getTime() + KST_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ")} KST`;
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_.,:/@%+=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
