/**
 * Model endpoints are the operator's choice (finding 4): a bench run's or the synthesis writer's
 * model URL must be allowed by MODEL_URL_ALLOW (loopback, private, link-local and metadata hosts
 * only when listed), carries no query or fragment, is not left through a redirect, and a failing
 * server's answer is reported by its status, never echoed. The scripted model server is a test
 * double listening on 127.0.0.1, which the test configuration allows.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ModelClient, publicEndpoint } from "../../src/bench/model";
import { attemptsOf, waitRun, type RunView } from "../bench/support/runs";
import { createTeam, request, type ErrorResponse } from "../support/app";

let token: string;

const run = (baseUrl: string, vars?: Partial<Env>, extra: Record<string, unknown> = {}) =>
  request<RunView & ErrorResponse>("/v1/bench/runs", { method: "POST", token, body: JSON.stringify({ endpoint: { baseUrl, model: "scripted:gold" }, filter: { limit: 1 }, ...extra }), ...(vars ? { vars } : {}) });

beforeAll(async () => {
  token = (await createTeam("model-url")).token;
});

describe("finding 4: model endpoints are the operator's choice", () => {
  it("refuses private, loopback, link-local and metadata hosts, and URLs with a query or fragment", async () => {
    const refused = [
      "http://169.254.169.254/latest/meta-data",
      "http://metadata.google.internal/computeMetadata/v1",
      "http://10.0.0.5:8000/v1",
      "http://192.168.0.10/v1",
      "http://localhost:8000/v1",
      "http://[::1]:8000/v1",
      "http://0x7f.0.0.2:8000/v1", // 127.0.0.2: only 127.0.0.1 is listed here
      "https://gpu.example.org/v1?x=/chat/completions",
      "https://gpu.example.org/v1#/chat/completions",
    ];
    for (const baseUrl of refused) {
      const res = await run(baseUrl);
      expect(res.status, baseUrl).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "endpoint.baseUrl" });
    }
    const writer = await request<ErrorResponse>("/v1/synth/jobs", { method: "POST", token, body: JSON.stringify({ target: 1, writer: { endpoint: { baseUrl: "http://169.254.169.254/", model: "m" } } }) });
    expect(writer.status).toBe(400);
    expect(writer.body.error.field).toBe("writer.endpoint.baseUrl");
  });

  it("allows a loopback model server only because the operator listed it", { timeout: 30_000 }, async () => {
    const denied = await run(env.MODEL_ORIGIN, { MODEL_URL_ALLOW: "*" });
    expect(denied.status).toBe(400);
    expect(denied.body.error.message).toMatch(/MODEL_URL_ALLOW/);
    const allowed = await run(env.MODEL_ORIGIN);
    expect(allowed.status, allowed.text).toBe(202);
    await waitRun(token, allowed.body.id);
  });

  it("reports a failing model server by its status, never by what it answered", { timeout: 30_000 }, async () => {
    const started = await run(env.MODEL_ORIGIN, undefined, { endpoint: { baseUrl: env.MODEL_ORIGIN, model: "scripted:http-500" }, retries: 0 });
    expect(started.status, started.text).toBe(202);
    await waitRun(token, started.body.id);
    const [attempt] = await attemptsOf(token, started.body.id);
    expect(JSON.stringify(attempt?.trajectory)).not.toContain("scripted failure");
    expect(attempt?.trajectory).toMatchObject({ stop: "model_error" });
  });

  it("neither follows a redirect nor echoes a body", async () => {
    const asked: RequestInit[] = [];
    const server = (status: number, headers: Record<string, string> = {}): typeof fetch =>
      async (_input, init) => {
        asked.push(init ?? {});
        return new Response("<html>internal admin page, secret token 1234</html>", { status, headers });
      };
    const endpoint = publicEndpoint({ baseUrl: "https://gpu.example.org/v1", model: "m" });
    const client = (fetcher: typeof fetch) => new ModelClient(endpoint, {}, {}, { timeoutMs: 1000, retries: 0, backoffMs: 1, fetcher });
    const moved = await client(server(302, { Location: "http://169.254.169.254/" })).chat([], []);
    expect(asked[0]?.redirect).toBe("manual");
    expect(moved).toMatchObject({ ok: false, message: "HTTP 302" });
    for (const status of [200, 404, 500]) {
      const reply = await client(server(status)).chat([], []);
      expect(JSON.stringify(reply)).not.toMatch(/internal admin|secret token/);
    }
  });
});
