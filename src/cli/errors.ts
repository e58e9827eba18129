/**
 * The CLI's two classes of error and its exit codes. A user error (bad flag, missing token or URL,
 * a 4xx answer) exits 2; a failure (5xx, the API unreachable, an unexpected answer) exits 1. Both
 * print one line on stderr; a stack trace only with KOPA_DEBUG=1.
 */
export const EXIT = { ok: 0, failure: 1, user: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export abstract class CliError extends Error {
  abstract readonly exitCode: ExitCode;
}

/** The user can fix it: a flag, an argument, a missing setting, a request the API refused. */
export class UserError extends CliError {
  readonly exitCode = EXIT.user;
  override readonly name = "UserError";
}

/** Not the user's doing: the API failed or could not be reached. */
export class Failure extends CliError {
  readonly exitCode = EXIT.failure;
  override readonly name = "Failure";
}

/** A non-2xx answer of the API, with its error body's code, message and request id. */
export class ApiAnswerError extends CliError {
  override readonly name = "ApiAnswerError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly hint?: string,
  ) {
    super(message);
  }

  get exitCode(): ExitCode {
    return this.status >= 400 && this.status < 500 ? EXIT.user : EXIT.failure;
  }

  /** `INVALID_ARGUMENT args.nx: … (HTTP 400, request 1f2e…)` */
  get line(): string {
    const where = [`HTTP ${this.status}`, ...(this.requestId ? [`request ${this.requestId}`] : [])].join(", ");
    return `${this.code} ${this.message} (${where})${this.hint ? ` — ${this.hint}` : ""}`;
  }
}

/** The one line printed for an error, and the exit code it maps to. */
export function describeError(error: unknown): { line: string; exitCode: ExitCode } {
  if (error instanceof ApiAnswerError) return { line: error.line, exitCode: error.exitCode };
  if (error instanceof CliError) return { line: error.message, exitCode: error.exitCode };
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return { line: `internal error: ${message}`, exitCode: EXIT.failure };
}
