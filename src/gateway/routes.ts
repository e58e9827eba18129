/** Gateway routes under /v1 (behind team auth) and team administration under /admin. */
import { z } from "zod";
import { ApiError } from "../app/errors";
import { jsonBody, newApp, parseOrThrow, type AppEnv } from "../app/new-app";
import { keySecretSchema } from "../catalog/providers";
import { gatewayConfig } from "../config/gateway";
import { dbOf } from "../db/client";
import type { Context } from "hono";
import { callBodySchema, callTool, type CallDeps } from "./call";
import { stopTeamWork } from "./revoke";
import { createSnapshot, createSnapshotSchema, exportSnapshot, importSnapshot, listSnapshots, shareSnapshot, shareSnapshotSchema, snapshotNameSchema } from "./snapshots";
import { createTeam, deleteTeamKey, listTeams, revokeTeam, setTeamKey, teamKeySecrets } from "./teams";
import { usage } from "./usage";
import { mapBounded } from "../util/map-bounded";

/** What `callTool` needs from a request behind team auth (also used by /mcp and the dashboard). */
export function callDeps(c: Context<AppEnv>): CallDeps {
  return { env: c.env, db: dbOf(c.env.DB), team: c.get("team"), waitUntil: (work) => c.executionCtx.waitUntil(work) };
}

export const batchItemSchema = callBodySchema.extend({ tool: z.string().min(1) });


/** The batch body; its size bound comes from the gateway config. */
export const batchBodySchema = (maxCalls: number) => z.object({ calls: z.array(batchItemSchema).min(1).max(maxCalls) }).strict();

export const keyBodySchema = z.object({ key: z.string().min(8).max(512) }).strict();
export const snapshotImportQuery = z.object({ name: snapshotNameSchema.optional() });
export const teamCreateSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

export const sinceQuery = z.object({ hours: z.coerce.number().positive().max(24 * 90).default(24) });

export const gatewayRoutes = newApp()
  .post("/tools/:name/call", async (c) => {
    const body = parseOrThrow(callBodySchema, await jsonBody(c));
    return c.json(await callTool(callDeps(c), c.req.param("name"), body));
  })
  .post("/calls:batch", async (c) => {
    const config = gatewayConfig(c.env);
    const { calls } = parseOrThrow(batchBodySchema(config.BATCH_MAX_CALLS), await jsonBody(c));
    const d = callDeps(c);
    const results = await mapBounded(calls, config.BATCH_CONCURRENCY, async ({ tool, ...body }) => {
      try {
        return { ok: true as const, ...(await callTool(d, tool, body)) };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { ok: false as const, tool, error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } };
      }
    });
    return c.json({ results });
  })
  .get("/usage", async (c) => {
    const { hours } = parseOrThrow(sinceQuery, c.req.query(), "query");
    const team = c.get("team");
    return c.json({ team: team.name, since: new Date(Date.now() - hours * 3600_000).toISOString(), tools: await usage(dbOf(c.env.DB), c.env, Date.now() - hours * 3600_000, team.id) });
  })
  .get("/keys", async (c) => c.json({ registered: await teamKeySecrets(dbOf(c.env.DB), c.get("team").id) }))
  .put("/keys/:secret", async (c) => {
    const secret = parseOrThrow(keySecretSchema, c.req.param("secret"), "secret");
    const { key } = parseOrThrow(keyBodySchema, await jsonBody(c));
    await setTeamKey(dbOf(c.env.DB), c.env.MASTER_KEY, c.get("team").id, secret, key);
    return c.json({ registered: secret });
  })
  .delete("/keys/:secret", async (c) => {
    const secret = parseOrThrow(keySecretSchema, c.req.param("secret"), "secret");
    if (!(await deleteTeamKey(dbOf(c.env.DB), c.get("team").id, secret))) throw new ApiError("NOT_FOUND", `no key registered for ${secret}`, "secret");
    return c.json({ deleted: secret });
  })
  .get("/snapshots", async (c) => c.json({ snapshots: await listSnapshots(dbOf(c.env.DB), c.get("team")) }))
  .post("/snapshots", async (c) => {
    const input = parseOrThrow(createSnapshotSchema, await jsonBody(c));
    return c.json(await createSnapshot(dbOf(c.env.DB), c.get("team"), input), 201);
  })
  .get("/snapshots/:name/export", async (c) => {
    const name = parseOrThrow(snapshotNameSchema, c.req.param("name"), "name");
    return c.body(await exportSnapshot(dbOf(c.env.DB), c.get("team").id, name), 200, { "Content-Type": "application/x-ndjson; charset=utf-8" });
  })
  .put("/snapshots/:name/sharing", async (c) => {
    const name = parseOrThrow(snapshotNameSchema, c.req.param("name"), "name");
    const { shared } = parseOrThrow(shareSnapshotSchema, await jsonBody(c));
    return c.json(await shareSnapshot(dbOf(c.env.DB), c.get("team"), name, shared));
  })
  .post("/snapshots/import", async (c) => {
    const { name } = parseOrThrow(snapshotImportQuery, c.req.query(), "query");
    return c.json(await importSnapshot(dbOf(c.env.DB), c.get("team"), await c.req.text(), name), 201);
  });

export const adminRoutes = newApp()
  .get("/teams", async (c) => c.json({ teams: await listTeams(dbOf(c.env.DB)) }))
  .post("/teams", async (c) => {
    const { name } = parseOrThrow(teamCreateSchema, await jsonBody(c));
    const db = dbOf(c.env.DB);
    if ((await listTeams(db)).some((t) => t.name === name)) throw new ApiError("CONFLICT", `a team named ${name} exists`, "name");
    const { team, token } = await createTeam(db, name);
    return c.json({ team, token, note: "the token is shown once; only its hash is stored" }, 201);
  })
  .delete("/teams/:id", async (c) => {
    const db = dbOf(c.env.DB);
    if (!(await revokeTeam(db, c.req.param("id")))) throw new ApiError("TEAM_NOT_FOUND", "no live team with that id", "id");
    return c.json({ revoked: c.req.param("id"), stopped: await stopTeamWork(c.env, db, c.req.param("id")) });
  })
  .get("/usage", async (c) => {
    const { hours } = parseOrThrow(sinceQuery, c.req.query(), "query");
    return c.json({ tools: await usage(dbOf(c.env.DB), c.env, Date.now() - hours * 3600_000) });
  });
