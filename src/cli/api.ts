/**
 * The HTTP client of the CLI. Every answer is checked: a non-2xx becomes an ApiAnswerError from
 * the error body (`{ error: { code, message, field?, requestId } }`), a 2xx is parsed with the
 * caller's schema (an unexpected shape is a failure, not a crash), and an unreachable API is a
 * failure naming the URL.
 */
import { z } from "zod";
import type { Connection } from "./connection";
import { ApiAnswerError, Failure } from "./errors";

/** JSON requests give up after this long; streamed uploads and downloads do not. */
const JSON_TIMEOUT_MS = 120_000;

const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional(), requestId: z.string().optional() }),
});

export interface Answer<T> {
  /** The body as the schema parsed it. */
  value: T;
  /** The body as the API sent it, for `--json`. */
  raw: unknown;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as a stream (no timeout: large uploads take their time). */
  upload?: { body: ReadableStream<Uint8Array>; contentType: string };
}

/** Node's fetch needs `duplex: "half"` to send a stream; not every RequestInit typing knows it. */
type StreamingRequestInit = RequestInit & { duplex: "half" };

function networkCode(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "no answer in time";
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export class Api {
  constructor(readonly connection: Connection) {}

  url(path: string, query: RequestOptions["query"] = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${this.connection.url}${path}${search ? `?${search}` : ""}`;
  }

  /** A JSON request whose 2xx body must match `schema`. */
  async json<S extends z.ZodType>(schema: S, method: string, path: string, options: RequestOptions = {}): Promise<Answer<z.output<S>>> {
    let init: RequestInit = { method, signal: AbortSignal.timeout(JSON_TIMEOUT_MS) };
    if (options.body !== undefined) init = { ...init, body: JSON.stringify(options.body), headers: { "Content-Type": "application/json" } };
    if (options.upload) {
      const streaming: StreamingRequestInit = { method, body: options.upload.body, headers: { "Content-Type": options.upload.contentType }, duplex: "half" };
      init = streaming;
    }
    const response = await this.send(path, init, options.query);
    const raw = await this.readJson(response, path);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Failure(`unexpected answer from ${method} ${path}: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid"} (is the CLI as recent as the app?)`);
    }
    return { value: parsed.data, raw };
  }

  /** Any request; resolves with a 2xx response whose body the caller reads (streams). */
  async send(path: string, init: RequestInit, query?: RequestOptions["query"]): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${this.connection.token}`);
    let response: Response;
    try {
      response = await fetch(this.url(path, query), { ...init, headers });
    } catch (error) {
      const hint = this.connection.local ? ' — is the local stack running? Start it with "kopa dev", or pass --url / set KOPA_URL' : "";
      throw new Failure(`cannot reach the app at ${this.connection.url} (${networkCode(error)})${hint}`);
    }
    if (!response.ok) throw await this.answerError(response);
    return response;
  }

  private async readJson(response: Response, path: string): Promise<unknown> {
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Failure(`the answer to ${path} is not JSON (HTTP ${response.status}): is ${this.connection.url} a kopa-edge app?`);
    }
  }

  private async answerError(response: Response): Promise<ApiAnswerError> {
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    const parsed = errorBodySchema.safeParse(body);
    const requestId = response.headers.get("x-request-id") ?? undefined;
    if (!parsed.success) {
      const snippet = text.replace(/\s+/g, " ").trim().slice(0, 120);
      return new ApiAnswerError(response.status, `HTTP_${response.status}`, snippet ? `${response.statusText || "error"}: ${snippet}` : response.statusText || "error", requestId);
    }
    const { code, message } = parsed.data.error;
    return new ApiAnswerError(response.status, code, message, parsed.data.error.requestId ?? requestId, this.hintFor(code));
  }

  private hintFor(code: string): string | undefined {
    if (code === "UNAUTHORIZED") return this.connection.auth === "admin" ? "check --admin-token or KOPA_ADMIN_TOKEN" : "check --token or KOPA_TOKEN";
    if (code === "TOOL_NOT_FOUND") return "see kopa tools list";
    return undefined;
  }
}
