/**
 * TEST DOUBLE — the scripted model (scripted-model.ts) behind a real HTTP server speaking the
 * OpenAI chat completions protocol, so the runner reaches it exactly as it reaches vLLM or Ollama.
 * `GET /__log` lists the requests it answered (model, item, turn, status, whether credentials came,
 * when each arrived and left);
 * `DELETE /__log` clears the list.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ScriptedModel, type ChatRequest } from "./scripted-model";

export interface ModelServer {
  url: string;
  model: ScriptedModel;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startModelServer(port = 0): Promise<ModelServer> {
  const model = new ScriptedModel();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname === "/__log") {
        if (req.method === "DELETE") model.log.length = 0;
        const only = url.searchParams.get("model");
        return send(res, 200, { requests: model.log.filter((e) => only === null || e.model === only) });
      }
      if (req.method !== "POST" || !url.pathname.endsWith("/chat/completions")) return send(res, 404, { error: { message: "not found" } });
      let request: ChatRequest;
      try {
        request = JSON.parse(await readBody(req)) as ChatRequest;
      } catch {
        return send(res, 400, { error: { message: "not JSON" } });
      }
      const headers = { authorization: req.headers.authorization !== undefined, access: req.headers["cf-access-client-secret"] !== undefined };
      const receivedAt = performance.now();
      const reply = await model.reply(request, headers);
      if (reply.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      send(res, reply.status, reply.body);
      if (reply.entry) Object.assign(reply.entry, { receivedAt, sentAt: performance.now() });
    })().catch((error: unknown) => send(res, 500, { error: { message: error instanceof Error ? error.message : String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    model,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections of the runner would otherwise hold the server open for good.
        server.closeAllConnections();
      }),
  };
}
