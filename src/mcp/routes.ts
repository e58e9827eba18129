/**
 * `/mcp`: streamable HTTP in stateless mode (no session id; every POST carries a whole JSON-RPC
 * exchange and is answered with JSON). Behind team auth like /v1. GET (a server-initiated event
 * stream) and DELETE (ending a session) have nothing to do without sessions: 405, as the
 * transport specification allows. `?compact=1` lists the tools with Korean descriptions only and
 * without output schemas.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import { newApp, parseOrThrow } from "../app/new-app";
import { callDeps } from "../gateway/routes";
import { mcpServer } from "./server";

export const mcpQuery = z.object({ compact: z.enum(["0", "1"]).optional().describe("1: Korean descriptions only, no output schemas (a smaller tools/list)") });

export const mcpRoutes = newApp()
  .post("/", async (c) => {
    const { compact } = parseOrThrow(mcpQuery, c.req.query(), "query");
    const server = mcpServer(callDeps(c), { compact: compact === "1" });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const response = await transport.handleRequest(c.req.raw);
    c.executionCtx.waitUntil(server.close());
    return response;
  })
  .on(["GET", "DELETE"], "/", (c) => c.body(null, 405, { Allow: "POST" }));
