import { describe, expect, it } from "vitest";
import { completionsUrl, endpointSchema, ModelClient, publicEndpoint, type ModelClientOptions } from "./model";

const OK = { choices: [{ message: { content: "안녕하세요", tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] }, finish_reason: "tool_calls" }], usage: { prompt_tokens: 12, completion_tokens: 3 } };

/** A fetcher answering from a script, one reply per request, recording what it was sent. */
function scripted(replies: (() => Response | Promise<Response>)[]) {
  const seen: { url: string; headers: Headers; body: Record<string, unknown> }[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    const next = replies.shift();
    if (!next) throw new Error("no more replies");
    return next();
  };
  return { fetcher, seen };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => () => new Response(JSON.stringify(body), { status, headers });
const endpoint = endpointSchema.parse({ baseUrl: "https://gpu.example.org/v1", model: "qwen3-8b", apiKey: "sk-secret-key-123", access: { clientId: "id.access", clientSecret: "access-secret-456" } });
const client = (fetcher: typeof fetch, options: Partial<ModelClientOptions> = {}) =>
  new ModelClient(publicEndpoint(endpoint), { apiKey: "sk-secret-key-123", access: { clientId: "id.access", clientSecret: "access-secret-456" } }, { temperature: 0, seed: 7 }, { timeoutMs: 1000, retries: 2, backoffMs: 1, fetcher, ...options });

describe("the model client", () => {
  it("posts to /v1/chat/completions with the decoding settings, the key and the Access headers", async () => {
    const { fetcher, seen } = scripted([json(OK)]);
    const reply = await client(fetcher).chat([{ role: "user", content: "hi" }], [{ type: "function", function: { name: "f", description: "", parameters: {} } }]);
    expect(reply).toMatchObject({ ok: true, message: { content: "안녕하세요", tool_calls: [{ id: "c1" }] }, finishReason: "tool_calls", usage: { prompt: 12, completion: 3 }, retries: 0 });
    expect(seen[0]?.url).toBe("https://gpu.example.org/v1/chat/completions");
    expect(seen[0]?.headers.get("Authorization")).toBe("Bearer sk-secret-key-123");
    expect(seen[0]?.headers.get("CF-Access-Client-Id")).toBe("id.access");
    expect(seen[0]?.headers.get("CF-Access-Client-Secret")).toBe("access-secret-456");
    expect(seen[0]?.body).toMatchObject({ model: "qwen3-8b", temperature: 0, seed: 7, tool_choice: "auto", stream: false });
    expect(completionsUrl("http://localhost:8000")).toBe("http://localhost:8000/v1/chat/completions");
  });

  it("retries 5xx, 429 and network failures with backoff, then gives up with a reason", async () => {
    const { fetcher } = scripted([json({ error: "busy" }, 503), json({}, 429, { "Retry-After": "0" }), () => Promise.reject(new TypeError("connection refused")), json(OK)]);
    expect(await client(fetcher, { retries: 3 }).chat([], [])).toMatchObject({ ok: true, retries: 3 });
    const failing = scripted([json({}, 500), json({}, 502), json({}, 500)]);
    expect(await client(failing.fetcher).chat([], [])).toMatchObject({ ok: false, reason: "http_5xx", retries: 2 });
  });

  it("does not retry a 4xx or a reply that is not a chat completion", async () => {
    const bad = scripted([json({ error: "context too long" }, 400)]);
    expect(await client(bad.fetcher).chat([], [])).toMatchObject({ ok: false, reason: "http_4xx", retries: 0 });
    const garbled = scripted([() => new Response("<html>", { status: 200 })]);
    expect(await client(garbled.fetcher).chat([], [])).toMatchObject({ ok: false, reason: "bad_response" });
  });

  it("times out a server that does not answer", async () => {
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason instanceof Error ? init.signal.reason : new DOMException("timeout", "TimeoutError"))));
    expect(await client(never, { timeoutMs: 30, retries: 1 }).chat([], [])).toMatchObject({ ok: false, reason: "timeout", retries: 1 });
  });

  it("never lets a secret out in a failure message, nor in what it stores", async () => {
    const echo = scripted([json({ error: "bad key sk-secret-key-123 / access-secret-456" }, 401)]);
    const reply = await client(echo.fetcher).chat([], []);
    expect(JSON.stringify(reply)).not.toMatch(/sk-secret-key-123|access-secret-456/);
    expect(JSON.stringify(publicEndpoint(endpoint))).not.toMatch(/secret/);
    expect(endpointSchema.safeParse({ baseUrl: "https://user:pw@gpu.example.org", model: "m" }).success).toBe(false);
  });
});
