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
 * or object went away (an evicted or reset Durable Object), and its timer never fires. The next
 * call takes the batch over, or every later row would wait forever behind it.
 */
const ABANDONED_MS = 1000;

interface Batch {
  rows: CallRow[];
  openedAt: number;
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

export function logCall(db: Db, row: CallRow, waitUntil: (work: Promise<unknown>) => void): void {
  if (batch && runtimeNow() - batch.openedAt < ABANDONED_MS) {
    batch.rows.push(row);
    return;
  }
  batch = { rows: [...(batch?.rows ?? []), row], openedAt: runtimeNow() };
  waitUntil(flush(db, batch));
}
