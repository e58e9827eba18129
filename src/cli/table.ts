/**
 * Plain-text tables for terminals. Widths are display widths: Hangul and other wide characters
 * take two columns, combining marks none, so Korean names line up.
 */
export type Cell = string | number | boolean | null | undefined;

export interface Column {
  header: string;
  align?: "left" | "right";
  /** Longer cells are cut with an ellipsis (display columns). */
  max?: number;
}

const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

function charWidth(codePoint: number): number {
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) return 0;
  if ((codePoint >= 0x300 && codePoint <= 0x36f) || (codePoint >= 0x1160 && codePoint <= 0x11ff) || codePoint === 0x200b) return 0;
  return WIDE.some(([from, to]) => codePoint >= from && codePoint <= to) ? 2 : 1;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char.codePointAt(0) ?? 0);
  return width;
}

/** Cuts to at most `max` display columns, ending with "…" when something was cut. */
export function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = "";
  let width = 0;
  for (const char of text) {
    const w = charWidth(char.codePointAt(0) ?? 0);
    if (width + w > max - 1) break;
    out += char;
    width += w;
  }
  return `${out}…`;
}

export function cellText(value: Cell | unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.replace(/\s*\n\s*/g, " ");
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

function pad(text: string, width: number, align: "left" | "right"): string {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)));
  return align === "right" ? fill + text : text + fill;
}

/** Renders a header row and data rows, columns two spaces apart, no trailing spaces. */
export function renderTable(columns: readonly Column[], rows: readonly (readonly Cell[])[]): string {
  const texts = rows.map((row) => columns.map((column, i) => truncate(cellText(row[i]), column.max ?? 48)));
  const widths = columns.map((column, i) => Math.max(displayWidth(column.header), ...texts.map((row) => displayWidth(row[i] ?? ""))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] ?? 0, columns[i]?.align ?? "left"))
      .join("  ")
      .trimEnd();
  return `${[line(columns.map((c) => c.header)), ...texts.map(line)].join("\n")}\n`;
}

/** Aligned `key  value` lines. */
export function renderPairs(pairs: readonly (readonly [string, Cell])[]): string {
  const width = Math.max(0, ...pairs.map(([key]) => displayWidth(key)));
  return pairs.map(([key, value]) => `${pad(key, width, "left")}  ${cellText(value)}`.trimEnd()).join("\n") + "\n";
}
