/**
 * A progress bar for long work (snapshot import, repeated calls, graph jobs, synthesis jobs and
 * benchmark runs): counts, percentage, rate and ETA, and a short detail of the work's own figures.
 * On a terminal it redraws one line; anywhere else (CI logs, pipes) it prints a plain line at
 * most every `intervalMs`, plus a final one, so logs stay readable. It writes to stderr by
 * convention, leaving stdout to results.
 */
import type { OutStream } from "./io";

export interface ProgressOptions {
  label: string;
  /** Unknown totals show counts and rate only. */
  total?: number;
  /** What is counted, for the lines: "lines", "calls". */
  unit?: string;
  stream: OutStream;
  /** Defaults to the stream's own isTTY. */
  tty?: boolean;
  now?: () => number;
  /** Non-TTY: at most one line per interval (default 2 s). TTY: redraws at most every 100 ms. */
  intervalMs?: number;
  /** Bar width in characters on a terminal. */
  width?: number;
}

export interface ProgressState {
  done: number;
  total: number | undefined;
  elapsedMs: number;
  /** Per second, since the start. */
  rate: number;
  /** Undefined until something is done, or when the total is unknown. */
  etaMs: number | undefined;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return "?";
  const seconds = Math.round(ms / 1000);
  if (seconds < 1) return "<1s";
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, "0")}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, "0")}m`;
}

function formatRate(rate: number): string {
  return rate >= 10 ? String(Math.round(rate)) : rate.toFixed(1);
}

export class Progress {
  private readonly tty: boolean;
  private readonly now: () => number;
  private readonly started: number;
  private readonly interval: number;
  private total: number | undefined;
  private count = 0;
  private detail: string | undefined;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private finished = false;

  constructor(private readonly options: ProgressOptions) {
    this.tty = options.tty ?? options.stream.isTTY === true;
    this.now = options.now ?? (() => Date.now());
    this.started = this.now();
    this.total = options.total;
    this.interval = options.intervalMs ?? (this.tty ? 100 : 2000);
    // A terminal shows the empty bar at once; logs get their first line after an interval.
    if (this.tty) this.draw();
    else this.lastDraw = this.started;
  }

  get state(): ProgressState {
    const elapsedMs = Math.max(0, this.now() - this.started);
    const rate = elapsedMs > 0 ? (this.count * 1000) / elapsedMs : 0;
    const etaMs = this.total !== undefined && this.count > 0 && rate > 0 ? ((this.total - this.count) / rate) * 1000 : undefined;
    return { done: this.count, total: this.total, elapsedMs, rate, etaMs };
  }

  setTotal(total: number): void {
    this.total = total;
  }

  tick(n = 1): void {
    this.set(this.count + n);
  }

  /** `detail` (e.g. "12 verified · 3 rejected") is shown after the counts until replaced. */
  set(done: number, detail?: string): void {
    if (this.finished) return;
    if (detail !== undefined) this.detail = detail;
    this.count = this.total === undefined ? done : Math.min(done, this.total);
    if (this.now() - this.lastDraw >= this.interval) this.draw();
  }

  /** Prints the final state (and ends the terminal line); `note` is appended, e.g. "2 errors". */
  finish(note?: string): void {
    if (this.finished) return;
    this.finished = true;
    const { elapsedMs } = this.state;
    const line = `${this.counts()} in ${formatDuration(elapsedMs)}${note ? ` · ${note}` : ""}`;
    this.options.stream.write(`${this.tty ? "\r\x1b[2K" : ""}${this.head()} ${line}\n`);
  }

  /** The line as it would be drawn now (without terminal control characters). */
  render(): string {
    const { rate, etaMs, total } = this.state;
    const parts = [this.counts()];
    if (this.count > 0) parts.push(`${formatRate(rate)}/s`);
    if (total !== undefined) parts.push(`ETA ${etaMs === undefined ? "?" : formatDuration(etaMs)}`);
    if (this.detail) parts.push(this.detail);
    return `${this.head()} ${parts.join(" · ")}`;
  }

  /** The label, and the bar on a terminal when the total is known. */
  private head(): string {
    if (!this.tty) return `${this.options.label}:`;
    return this.total === undefined ? this.options.label : `${this.options.label} ${this.bar()}`;
  }

  private counts(): string {
    const unit = this.options.unit ? ` ${this.options.unit}` : "";
    if (this.total === undefined) return `${this.count}${unit}`;
    const percent = this.total === 0 ? 100 : Math.floor((this.count / this.total) * 100);
    return `${this.count}/${this.total}${unit} (${percent}%)`;
  }

  private bar(): string {
    const width = this.options.width ?? 24;
    const total = this.total ?? 0;
    const filled = total === 0 ? width : Math.round((this.count / total) * width);
    return `[${"█".repeat(filled)}${"░".repeat(width - filled)}]`;
  }

  private draw(): void {
    this.lastDraw = this.now();
    this.options.stream.write(this.tty ? `\r\x1b[2K${this.render()}` : `${this.render()}\n`);
  }
}
