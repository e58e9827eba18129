/**
 * What a command may touch of the process: output streams, stdin, the environment, the clock
 * and the stop signal. `main` receives it, so tests run commands in-process with captured output.
 */
export interface OutStream {
  write(chunk: string): boolean;
  isTTY?: boolean;
  columns?: number;
  once?(event: "drain", listener: () => void): unknown;
}

export interface InStream extends AsyncIterable<string | Uint8Array> {
  isTTY?: boolean;
}

export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  now(): number;
  /** Waits between polls of a running job (tests shorten it). */
  sleep(ms: number): Promise<void>;
  /** Resolves when the user asks a long-running command (`kopa dev`) to stop: Ctrl-C or SIGTERM. */
  untilStopped(): Promise<void>;
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    untilStopped: () =>
      new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          // A second Ctrl-C while shutting down leaves at once.
          process.once("SIGINT", () => process.exit(130));
          resolve();
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      }),
  };
}

/** Writes and waits for the stream to drain when it asks to, so large outputs are not buffered whole. */
export async function writeAll(stream: OutStream, chunk: string): Promise<void> {
  if (stream.write(chunk) || !stream.once) return;
  const once = stream.once.bind(stream);
  await new Promise<void>((resolve) => once("drain", resolve));
}

export async function readAll(stream: InStream): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
