import { main } from "../../../src/cli/main";
import { captureIo, type CaptureOptions } from "./io";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `kopa <argv>` in-process. */
export async function kopa(argv: readonly string[], options: CaptureOptions = {}): Promise<RunResult> {
  const captured = captureIo(options);
  const code = await main(argv, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** One line on stderr starting with "error: ", and no stack trace. */
export function isOneErrorLine(stderr: string): boolean {
  return /^error: [^\n]+\n$/.test(stderr) && !/\n\s+at /.test(stderr);
}
