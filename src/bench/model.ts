/**
 * A client for any OpenAI-compatible chat completions server (vLLM, SGLang, Ollama, llama.cpp,
 * TGI …), typically the team's GPU box behind a Cloudflare Access tunnel. It never throws: a
 * timeout, a 5xx or a 429 is retried with jittered exponential backoff, and whatever still fails
 * comes back as `{ ok: false, reason }`, which the runner records as a failed attempt.
 *
 * Secrets (the API key, the Access client secret) live only in the `ModelSecrets` given to the
 * constructor and are sent as headers only; a failure says the status, never what the server said.
 */
import { z } from "zod";
import type { OpenAiTool } from "../catalog/tools";
import { modelBaseUrlSchema } from "../outbound/model-url";
import type { AssistantReply, RawToolCall } from "./tool-calls";

export const endpointSchema = z
  .object({
    /**
     * `https://gpu.example.org` or `https://gpu.example.org/v1`; `/v1/chat/completions` is appended as
     * needed. No credentials, query or fragment; the host must be one the operator allows (checked
     * where the run or job is created, see src/outbound/model-url.ts).
     */
    baseUrl: z.url({ protocol: /^https?$/ }).pipe(modelBaseUrlSchema),
    model: z.string().min(1).max(200),
    apiKey: z.string().min(1).max(4096).optional(),
    /** A Cloudflare Access service token (sent as CF-Access-Client-Id / CF-Access-Client-Secret). */
    access: z.object({ clientId: z.string().min(1).max(500), clientSecret: z.string().min(1).max(4096) }).strict().optional(),
  })
  .strict();
export type Endpoint = z.infer<typeof endpointSchema>;

/** What of an endpoint may be stored and shown: no secret, only whether one is used. */
export interface PublicEndpoint {
  baseUrl: string;
  model: string;
  apiKey: boolean;
  access: boolean;
}

export const modelSecretsSchema = z.object({
  apiKey: z.string().optional(),
  access: z.object({ clientId: z.string(), clientSecret: z.string() }).optional(),
});
export type ModelSecrets = z.infer<typeof modelSecretsSchema>;

export function publicEndpoint(endpoint: Endpoint): PublicEndpoint {
  return { baseUrl: endpoint.baseUrl, model: endpoint.model, apiKey: endpoint.apiKey !== undefined, access: endpoint.access !== undefined };
}

export function secretsOf(endpoint: Endpoint): ModelSecrets {
  return { ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}), ...(endpoint.access ? { access: endpoint.access } : {}) };
}

export const decodingSchema = z
  .object({
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().gt(0).max(1).optional(),
    max_tokens: z.number().int().min(1).max(131_072).optional(),
    seed: z.number().int().optional(),
  })
  .strict();
export type Decoding = z.infer<typeof decodingSchema>;

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: RawToolCall[] }
  | { role: "tool"; tool_call_id: string; name?: string; content: string };

export interface ModelClientOptions {
  timeoutMs: number;
  /** Further tries after the first (for timeouts, network errors, 5xx and 429). */
  retries: number;
  backoffMs: number;
  fetcher?: typeof fetch;
}

export type ModelFailureReason = "timeout" | "network" | "http_5xx" | "http_429" | "http_4xx" | "bad_response";

export type ModelReply =
  | { ok: true; message: AssistantReply; finishReason: string | null; usage: { prompt: number; completion: number } | null; ms: number; retries: number }
  | { ok: false; reason: ModelFailureReason; message: string; ms: number; retries: number };

const replySchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(
              z.object({
                id: z.string().nullable().optional(),
                type: z.string().optional(),
                function: z.object({ name: z.string().nullable().optional(), arguments: z.unknown().optional() }).optional(),
              }),
            )
            .nullable()
            .optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).partial().nullable().optional(),
});

/** Built from the parsed URL's origin and path: nothing in a query or fragment can steer it. */
export function completionsUrl(baseUrl: string): string {
  const parsed = new URL(baseUrl);
  const base = `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, "");
  if (base.endsWith("/chat/completions")) return base;
  return base.endsWith("/v1") ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Try = { retry: boolean; failure: { reason: ModelFailureReason; message: string }; retryAfterMs?: number } | { reply: Extract<ModelReply, { ok: true }> };

export class ModelClient {
  private readonly fetcher: typeof fetch;

  constructor(
    readonly endpoint: PublicEndpoint,
    private readonly secrets: ModelSecrets,
    readonly decoding: Decoding,
    private readonly options: ModelClientOptions,
  ) {
    this.fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  }

  /** The same client sampling with another seed (each attempt of a run is its own sample). */
  withSeed(seed: number): ModelClient {
    return new ModelClient(this.endpoint, this.secrets, { ...this.decoding, seed }, this.options);
  }

  private headers(): Headers {
    const headers = new Headers({ "Content-Type": "application/json", Accept: "application/json" });
    if (this.secrets.apiKey) headers.set("Authorization", `Bearer ${this.secrets.apiKey}`);
    if (this.secrets.access) {
      headers.set("CF-Access-Client-Id", this.secrets.access.clientId);
      headers.set("CF-Access-Client-Secret", this.secrets.access.clientSecret);
    }
    return headers;
  }

  private async once(body: string, started: number): Promise<Try> {
    let res: Response;
    try {
      // A redirect is not followed: it could lead anywhere the operator did not allow.
      res = await this.fetcher(completionsUrl(this.endpoint.baseUrl), { method: "POST", headers: this.headers(), body, signal: AbortSignal.timeout(this.options.timeoutMs), redirect: "manual" });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return { retry: true, failure: timedOut ? { reason: "timeout", message: `no answer within ${this.options.timeoutMs} ms` } : { reason: "network", message: `no connection (${error instanceof Error ? error.name : "error"})` } };
    }
    // Failures report the status only: what a server answers is not echoed (it may be anyone's page).
    const text = await res.text().catch(() => "");
    if (res.status === 429) {
      const after = Number(res.headers.get("Retry-After"));
      return { retry: true, failure: { reason: "http_429", message: "HTTP 429" }, ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: Math.min(after * 1000, 30_000) } : {}) };
    }
    if (res.status >= 500) return { retry: true, failure: { reason: "http_5xx", message: `HTTP ${res.status}` } };
    if (!res.ok) return { retry: false, failure: { reason: "http_4xx", message: `HTTP ${res.status}` } };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { retry: false, failure: { reason: "bad_response", message: `HTTP ${res.status}: the answer is not JSON` } };
    }
    const parsed = replySchema.safeParse(json);
    if (!parsed.success) return { retry: false, failure: { reason: "bad_response", message: `HTTP ${res.status}: the answer is not a chat completion` } };
    const [choice] = parsed.data.choices;
    const usage = parsed.data.usage;
    const message: AssistantReply = { content: choice?.message.content ?? null, ...(choice?.message.tool_calls ? { tool_calls: choice.message.tool_calls } : {}) };
    return {
      reply: {
        ok: true,
        message,
        finishReason: choice?.finish_reason ?? null,
        usage: usage ? { prompt: usage.prompt_tokens ?? 0, completion: usage.completion_tokens ?? 0 } : null,
        ms: Date.now() - started,
        retries: 0,
      },
    };
  }

  /** One chat completion; never throws. */
  async chat(messages: readonly ChatMessage[], tools: readonly OpenAiTool[]): Promise<ModelReply> {
    const started = Date.now();
    const body = JSON.stringify({
      model: this.endpoint.model,
      messages,
      ...(tools.length > 0 ? { tools, tool_choice: "auto" } : {}),
      ...this.decoding,
      stream: false,
    });
    let retries = 0;
    for (;;) {
      const attempt = await this.once(body, started);
      if ("reply" in attempt) return { ...attempt.reply, ms: Date.now() - started, retries };
      if (!attempt.retry || retries >= this.options.retries) return { ok: false, ...attempt.failure, ms: Date.now() - started, retries };
      const backoff = this.options.backoffMs * 2 ** retries * (0.5 + Math.random() / 2);
      await sleep(attempt.retryAfterMs ?? backoff);
      retries++;
    }
  }
}
