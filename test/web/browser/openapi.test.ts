/**
 * The served /openapi.json against real OpenAPI tooling, in Node beside the local stack (no
 * browser needed): @apidevtools/swagger-parser and @readme/openapi-parser validate it, and a client
 * generated from it by openapi-typescript type-checks under `--strict`. Every operation documents
 * the schema of its success answer.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { compileErrors, validate as readmeValidate } from "@readme/openapi-parser";
import openapiTS, { astToString } from "openapi-typescript";
import type { OpenAPI } from "openapi-types";
import ts from "typescript";
import { beforeAll, describe, expect, inject, it } from "vitest";

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  // The web project's local stack (global-setup.ts).
  const res = await fetch(`${inject("webStack").appUrl}/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
});

/** Each validator gets its own copy: they dereference in place. */
const copy = () => structuredClone(doc) as unknown as OpenAPI.Document;

describe("/openapi.json", () => {
  it("passes @apidevtools/swagger-parser", async () => {
    await expect(SwaggerParser.validate(copy())).resolves.toBeDefined();
  });

  it("passes @readme/openapi-parser", async () => {
    const result = await readmeValidate(copy());
    expect(result.valid ? "" : compileErrors(result)).toBe("");
  });

  it("generates a client with openapi-typescript that type-checks under --strict", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kopa-openapi-client-"));
    try {
      writeFileSync(join(dir, "schema.ts"), astToString(await openapiTS(copy() as never)));
      // A caller reading typed answers: the tool list, a call's normalised result, a reward.
      writeFileSync(
        join(dir, "client.ts"),
        [
          'import type { paths } from "./schema";',
          'type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { "application/json": infer B } } } } ? B : never;',
          'export const count = (list: Json<"/v1/tools", "get">): number => list.count;',
          'export const ok = (call: Json<"/v1/tools/{name}/call", "post">): boolean => call.result.ok;',
          'export const total = (reward: Json<"/v1/reward", "post">): number => reward.reward;',
        ].join("\n"),
      );
      const program = ts.createProgram([join(dir, "client.ts")], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("gives every operation a success answer with a schema", () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
        const described = success.some(([, response]) => Object.values(response.content ?? {}).some((media) => media.schema !== undefined && Object.keys(media.schema).length > 0));
        if (!described) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
