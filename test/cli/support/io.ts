/** An in-memory Io for running `main` in-process: captured output, a given stdin and environment. */
import type { Io, OutStream } from "../../../src/cli/io";

export interface CapturedIo {
  io: Io;
  stdout(): string;
  stderr(): string;
}

export interface CaptureOptions {
  /** The whole environment the CLI sees: the developer's KOPA_* variables never leak in. */
  env?: Record<string, string>;
  stdin?: string;
  stdinIsTTY?: boolean;
  cwd?: string;
  tty?: boolean;
  untilStopped?: () => Promise<void>;
  /** Longest wait between polls of a job (default 20 ms: the fake API answers at once). */
  maxSleepMs?: number;
}

function sink(tty: boolean): { stream: OutStream; text(): string } {
  let text = "";
  return {
    stream: {
      isTTY: tty,
      write(chunk: string) {
        text += chunk;
        return true;
      },
    },
    text: () => text,
  };
}

export function captureIo(options: CaptureOptions = {}): CapturedIo {
  const stdout = sink(options.tty ?? false);
  const stderr = sink(options.tty ?? false);
  const input = options.stdin;
  const io: Io = {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: {
      isTTY: options.stdinIsTTY ?? false,
      async *[Symbol.asyncIterator]() {
        if (input !== undefined) yield input;
      },
    },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, options.maxSleepMs ?? 20))),
    untilStopped: options.untilStopped ?? (() => Promise.resolve()),
  };
  return { io, stdout: stdout.text, stderr: stderr.text };
}
