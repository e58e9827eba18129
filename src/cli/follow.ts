/**
 * Following a job the app runs in a Durable Object (a graph build or verification, a synthesis
 * job, a benchmark run): poll its GET route, draw the progress bar on stderr, and return the job
 * as it ended. A poll that fails (the app restarting, a 5xx) is retried a few times before the
 * follow gives up; Ctrl-C stops following, not the job, which the app keeps running.
 */
import type { z } from "zod";
import type { Answer, Api } from "./api";
import { CliError, EXIT, type ExitCode } from "./errors";
import type { Io } from "./io";
import { Progress } from "./progress";

/** Consecutive failed polls tolerated before giving up. */
const POLL_RETRIES = 5;

export interface FollowSpec<T> {
  api: Api;
  io: Io;
  /** The job's GET route. */
  path: string;
  schema: z.ZodType<T>;
  /** The job as its POST answered. */
  first: Answer<T>;
  label: string;
  unit: string;
  /** Still queued or running. */
  active(job: T): boolean;
  /** Where the bar stands: done of total, and the job's own figures. */
  counts(job: T): { done: number; total?: number; detail?: string };
  /** The note after the final counts. */
  note?(job: T): string;
  /** Called after every poll (npm start times its first kept trajectory with it). */
  onPoll?(job: T): void;
  intervalMs?: number;
}

export async function follow<T>(spec: FollowSpec<T>): Promise<Answer<T>> {
  const { io } = spec;
  const start = spec.counts(spec.first.value);
  const progress = new Progress({ label: spec.label, unit: spec.unit, stream: io.stderr, now: () => io.now(), ...(start.total !== undefined && start.total > 0 ? { total: start.total } : {}) });
  let answer = spec.first;
  let failures = 0;
  spec.onPoll?.(answer.value);
  try {
    while (spec.active(answer.value)) {
      await io.sleep(spec.intervalMs ?? 1000);
      try {
        answer = await spec.api.json(spec.schema, "GET", spec.path);
        failures = 0;
      } catch (error) {
        // A 4xx (the job vanished, the token was revoked) will not get better by asking again.
        if (!(error instanceof CliError) || error.exitCode === EXIT.user || ++failures > POLL_RETRIES) throw error;
        continue;
      }
      spec.onPoll?.(answer.value);
      const { done, total, detail } = spec.counts(answer.value);
      if (total !== undefined && total > 0) progress.setTotal(total);
      progress.set(done, detail);
    }
  } finally {
    const { done, total, detail } = spec.counts(answer.value);
    if (total !== undefined && total > 0) progress.setTotal(total);
    progress.set(done, detail);
    progress.finish(spec.note?.(answer.value));
  }
  return answer;
}

/** One line on stderr for a job that did not end well, and the failure exit code. */
export function jobFailed(io: Io, line: string): ExitCode {
  io.stderr.write(`error: ${line}\n`);
  return EXIT.failure;
}
