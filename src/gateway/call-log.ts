/**
 * The call log, written in batches: rows of concurrent calls gather for a few milliseconds and go
 * to D1 in one batch, under the `waitUntil` of the call that opened the batch (a write per call
 * would halve the throughput of cached calls).
 */
import type { Db } from "../db/client";
import { calls } from "../db/schema";

export type CallRow = typeof calls.$inferInsert;

const GATHER_MS = 20;
// D1 binds at most 100 parameters per statement; a row binds 11.
const ROWS_PER_STATEMENT = 9;

let pending: CallRow[] = [];
let open = false;

async function flush(db: Db): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
  const rows = pending;
  pending = [];
  open = false;
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
  pending.push(row);
  if (open) return;
  open = true;
  waitUntil(flush(db));
}
