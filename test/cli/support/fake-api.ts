/**
 * A test double of the app's HTTP API: a tiny node:http server answering what each test scripts,
 * recording every request. It stands in for the Worker so the CLI's parsing, output and exit codes
 * are tested without starting workerd; the end-to-end test runs against the real stack.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach } from "vitest";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: RecordedRequest) => FakeAnswer;

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeApi(handler: FakeHandler): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        body: await readBody(req),
      };
      requests.push(recorded);
      const answer = handler(recorded);
      const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? "");
      res.writeHead(answer.status ?? 200, {
        "content-type": answer.json !== undefined ? "application/json" : "text/plain",
        "x-request-id": "req-fake",
        ...answer.headers,
      });
      res.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

/** The gateway's error body. */
export function apiError(status: number, code: string, message: string, field?: string): FakeAnswer {
  return { status, json: { error: { code, message, ...(field ? { field } : {}), requestId: "req-1" } } };
}

/** Answers one after another, the last one again once they run out (a job polled to its end). */
export function inTurn(answers: readonly FakeAnswer[]): () => FakeAnswer {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)] ?? { status: 500, text: "no answer scripted" };
}

export interface ServedFake {
  api: FakeApi;
  /** The environment that points the CLI at it, with a team and an admin token. */
  env: Record<string, string>;
}

/**
 * Called at a test file's top level: a `serve(handler)` that starts a fake API for the current
 * test, closed after it.
 */
export function fakeApiPerTest(): (handler: FakeHandler) => Promise<ServedFake> {
  let current: FakeApi | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (handler) => {
    current = await startFakeApi(handler);
    return { api: current, env: { KOPA_URL: current.url, KOPA_TOKEN: "team-token", KOPA_ADMIN_TOKEN: "admin-token" } };
  };
}

/** Called at a test file's top level: a maker of fresh temporary directories, all removed after the file. */
export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
