/**
 * The call log, written in batches: rows of concurrent calls gather for a few milliseconds and go
 * to D1 in one batch, under the `waitUntil` of the call that opened the batch (a write per call
 * would halve the throughput of cached calls).
 */
import type { Db } from "../db/client";
import { calls } from "../db/schema";
import { runtimeNow } from "../time/runtime-clock";

export type CallRow = typeof calls.$inferInsert;

const GATHER_MS = 20;
// D1 binds at most 100 parameters per statement; a row binds 11.
const ROWS_PER_STATEMENT = 9;
/**
 * A batch still open after this long lost its flush: the runtime drops a `waitUntil` whose request
 * or object went away (an evicted or reset Durable Object), and its timer never fires. A call that
 * comes later takes the batch over; a call that joined it writes it from its own `waitUntil`.
 */
const ABANDONED_MS = 500;

interface Batch {
  rows: CallRow[];
  openedAt: number;
  /** Settles once the flush that owns the batch has run (or gave the batch up to a newer one). */
  settled: Promise<void>;
}

let batch: Batch | null = null;

async function flush(db: Db, mine: Batch): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
  // Taken over meanwhile (this flush was held up past ABANDONED_MS): the newer batch writes these rows.
  if (batch !== mine) return;
  batch = null;
  const rows = mine.rows;
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) statements.push(db.insert(calls).values(rows.slice(i, i + ROWS_PER_STATEMENT)));
  const [first, ...rest] = statements;
  if (!first) return;
  try {
    await db.batch([first, ...rest]);
  } catch (error) {
    // Losing log rows must not fail calls; say so without quoting anything from the rows.
    console.error(`call log: ${rows.length} rows not written (${error instanceof Error ? error.name : "error"})`);
  }
}

function open(db: Db, rows: CallRow[]): Promise<void> {
  let settle = () => undefined as void;
  const mine: Batch = { rows, openedAt: runtimeNow(), settled: new Promise<void>((resolve) => (settle = resolve)) };
  batch = mine;
  return flush(db, mine).finally(settle);
}

/** Waits for the flush of the batch a call joined; if that flush never runs, writes the batch itself. */
async function watch(db: Db, joined: Batch): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lost = await Promise.race([
    joined.settled.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ABANDONED_MS))),
  ]);
  clearTimeout(timer);
  if (lost && batch === joined) await open(db, joined.rows);
}

export function logCall(db: Db, row: CallRow, waitUntil: (work: Promise<unknown>) => void): void {
  const joined = batch;
  if (joined && runtimeNow() - joined.openedAt < ABANDONED_MS) {
    joined.rows.push(row);
    waitUntil(watch(db, joined));
    return;
  }
  waitUntil(open(db, [...(joined?.rows ?? []), row]));
}
