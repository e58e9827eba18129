/** `/admin/catalog`: import API definitions as tools, list imports, remove imported tools, re-register replicas. */
import { z } from "zod";
import { ApiError } from "../../app/errors";
import { jsonBody, newApp, parseOrThrow } from "../../app/new-app";
import { dbOf } from "../../db/client";
import { reloadCatalog } from "./sync";
import { importDocuments, resyncReplicas } from "./service";
import { listImports, removeImported, toolVersions } from "./store";

export const importBodySchema = z
  .object({
    documents: z
      .array(z.object({ name: z.string().trim().min(1).max(300), content: z.string().min(1).max(4_000_000) }).strict())
      .min(1)
      .max(2000),
  })
  .strict();

export const importListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) });
export const toolNameParam = z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{2,63}$/) });

export const catalogAdminRoutes = newApp()
  .post("/import", async (c) => {
    const { documents } = parseOrThrow(importBodySchema, await jsonBody(c));
    const outcome = await importDocuments(c.env, dbOf(c.env.DB), documents);
    return c.json(outcome, outcome.counts.added + outcome.counts.changed > 0 ? 201 : 200);
  })
  .get("/imports", async (c) => {
    const { limit } = parseOrThrow(importListQuery, c.req.query(), "query");
    return c.json({ imports: await listImports(dbOf(c.env.DB), limit) });
  })
  .get("/tools/:name/versions", async (c) => {
    const { name } = parseOrThrow(toolNameParam, { name: c.req.param("name") }, "path");
    const versions = await toolVersions(dbOf(c.env.DB), name);
    if (versions.length === 0) throw new ApiError("TOOL_NOT_FOUND", `no imported tool named ${name}`, "name");
    return c.json({ name, versions });
  })
  .delete("/tools/:name", async (c) => {
    const { name } = parseOrThrow(toolNameParam, { name: c.req.param("name") }, "path");
    const db = dbOf(c.env.DB);
    if ((await removeImported(db, [name], Date.now())) === 0) throw new ApiError("TOOL_NOT_FOUND", `no imported tool named ${name}`, "name");
    await reloadCatalog(db);
    return c.json({ removed: name });
  })
  .post("/replicas/sync", async (c) => c.json({ registered: await resyncReplicas(c.env, dbOf(c.env.DB)) }));
