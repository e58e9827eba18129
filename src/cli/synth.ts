/**
 * EDGE synthesis from a terminal: start a job and follow it, report it, and export its dataset in
 * every format with its card. Shared by `kopa synth …` and `npm start`.
 */
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Answer, Api } from "./api";
import { Failure, UserError } from "./errors";
import { follow } from "./follow";
import type { Io } from "./io";
import { formatTime } from "./output";
import { Progress } from "./progress";
import { renderPairs, renderTable, type Cell } from "./table";
import { synthExamplesSchema, synthJobSchema, type DatasetFormat, type SynthJob } from "./wire/synth";

const ACTIVE = new Set(["queued", "running"]);

export function synthJobActive(job: SynthJob): boolean {
  return ACTIVE.has(job.status);
}

/** Ended well: done, or stopped by its budget or by running out of distinct plans with something kept. */
export function synthJobOk(job: SynthJob): boolean {
  return job.status === "done" || ((job.status === "budget_exhausted" || job.status === "exhausted_plans") && job.progress.kept > 0);
}

const sum = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((a, b) => a + b, 0);

function detail(job: SynthJob): string {
  const p = job.progress;
  return [`${p.done} walks`, `${p.running} running`, ...(p.parked > 0 ? [`${p.parked} parked`] : []), `${sum(p.failed)} failed`, `${sum(p.rejected)} rejected`, `${p.upstreamCalls} upstream calls`].join(" · ");
}

export async function startSynthJob(api: Api, body: Record<string, unknown>): Promise<Answer<SynthJob>> {
  return api.json(synthJobSchema, "POST", "/v1/synth/jobs", { body });
}

export async function followSynthJob(api: Api, io: Io, first: Answer<SynthJob>, options: { intervalMs?: number; onPoll?: (job: SynthJob) => void } = {}): Promise<Answer<SynthJob>> {
  return follow({
    api,
    io,
    path: `/v1/synth/jobs/${encodeURIComponent(first.value.id)}`,
    schema: synthJobSchema,
    first,
    label: "synth",
    unit: "kept",
    active: synthJobActive,
    counts: (job) => ({ done: job.progress.kept, total: job.params.target, detail: detail(job) }),
    note: (job) => `${job.status} · ${detail(job)}`,
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.onPoll ? { onPoll: options.onPoll } : {}),
  });
}

function counts(record: Readonly<Record<string, number>>): string {
  const entries = Object.entries(record).sort(([, a], [, b]) => b - a);
  return entries.length === 0 ? "0" : `${sum(record)} (${entries.map(([k, n]) => `${k} ${n}`).join(", ")})`;
}

export function synthJobReport(job: SynthJob): string {
  const p = job.progress;
  const pairs: [string, Cell][] = [
    ["job", job.id],
    ["status", job.status],
    ["kept", `${p.kept} of ${job.params.target} wanted`],
    ["walks", `${p.done} done of ${p.planned} planned${p.running > 0 ? `, ${p.running} running` : ""}${p.parked > 0 ? `, ${p.parked} parked` : ""}`],
    ["rejected", counts(p.rejected)],
    ["failed", counts(p.failed)],
    ["calls", `${p.calls} (${p.upstreamCalls} upstream${p.kept > 0 ? `, ${(p.upstreamCalls / p.kept).toFixed(2)} per kept` : ""})`],
    ["shapes", job.params.shapes.join(", ")],
    ...(job.params.providers ? [["providers", job.params.providers.join(", ")] as [string, Cell]] : []),
    ["seed", job.params.seed],
    ...(job.params.snapshot ? [["snapshot", job.params.snapshot] as [string, Cell]] : []),
    ["graph version", job.graphVersion],
    ["started", formatTime(job.createdAt)],
    ["finished", formatTime(job.finishedAt)],
  ];
  return renderPairs(pairs);
}

/** The route's largest page. */
const EXAMPLES_PAGE = 1000;

/** Kept examples per shape, read a page at a time (the job's progress does not break kept down). */
export async function keptShapeCounts(api: Api, jobId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let offset = 0; ; offset += EXAMPLES_PAGE) {
    const { value } = await api.json(synthExamplesSchema, "GET", `/v1/synth/jobs/${encodeURIComponent(jobId)}/examples`, { query: { kept: "true", limit: EXAMPLES_PAGE, offset } });
    for (const example of value.examples) counts[example.shape] = (counts[example.shape] ?? 0) + 1;
    if (value.examples.length < EXAMPLES_PAGE) return counts;
  }
}

export interface WrittenFile {
  format: DatasetFormat | "card";
  file: string;
  /** JSONL lines (examples or prompts); lines of Markdown for the card. */
  lines: number;
  bytes: number;
}

/** The file names an export writes: `<name>.<format>.jsonl` and `<name>.card.md`. */
export function exportFileName(name: string, format: DatasetFormat | "card"): string {
  return format === "card" ? `${name}.card.md` : `${name}.${format}.jsonl`;
}

/** Streams one format of the dataset to a file, counting lines and bytes. */
async function download(api: Api, jobId: string, format: DatasetFormat | "card", file: string): Promise<WrittenFile> {
  const response = await api.send(`/v1/datasets/${encodeURIComponent(jobId)}/export`, { method: "GET" }, { format });
  if (!response.body) throw new Failure(`the ${format} export has no body`);
  const out = createWriteStream(file);
  await new Promise<void>((ready, fail) => {
    out.once("open", () => ready());
    out.once("error", (error) => fail(new UserError(`cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? error.message})`)));
  });
  let bytes = 0;
  let newlines = 0;
  let last = 10;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) newlines++;
    last = chunk.at(-1) ?? last;
    if (!out.write(chunk)) await new Promise<void>((drained) => out.once("drain", () => drained()));
  }
  await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(new Failure(`writing ${file}: ${error.message}`)) : done())));
  return { format, file, lines: bytes === 0 ? 0 : newlines + (last === 10 ? 0 : 1), bytes };
}

/** Writes the chosen formats (and the card) of a job's dataset to `dir`, with a progress bar of files. */
export async function exportDataset(api: Api, io: Io, options: { jobId: string; dir: string; name: string; formats: readonly (DatasetFormat | "card")[] }): Promise<WrittenFile[]> {
  const dir = resolve(io.cwd, options.dir);
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new UserError(`--out: cannot create ${dir} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  const progress = new Progress({ label: "export", total: options.formats.length, unit: "files", stream: io.stderr, now: () => io.now() });
  const written: WrittenFile[] = [];
  try {
    for (const format of options.formats) {
      const file = await download(api, options.jobId, format, join(dir, exportFileName(options.name, format)));
      written.push(file);
      progress.set(written.length, `${format}: ${file.lines} lines`);
    }
  } finally {
    progress.finish(`${written.reduce((n, f) => n + f.bytes, 0)} bytes in ${dir}`);
  }
  return written;
}

export function writtenTable(files: readonly WrittenFile[]): string {
  return renderTable(
    [{ header: "FORMAT" }, { header: "LINES", align: "right" }, { header: "BYTES", align: "right" }, { header: "FILE", max: 100 }],
    files.map((f) => [f.format, f.lines, f.bytes, f.file]),
  );
}
