/// <reference types="vite/client" />
/**
 * The 58 real data.go.kr definitions the project carries (data/specs/datagokr), which `npm start`
 * imports: every operation becomes a tool or is rejected for what its definition lacks (no
 * recorded live call, only envelope fields measured), never for something the importer misread.
 */
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { request } from "../support/app";

const DEFINITIONS = import.meta.glob("../../data/specs/datagokr/**/*.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

interface Outcome {
  operations: number;
  rejected: { document: string; operation: string; reason: string }[];
  counts: { imported: number; rejected: number };
}

it("imports 71 of the 93 operations and rejects the rest for what their definitions lack", async () => {
  expect(Object.keys(DEFINITIONS)).toHaveLength(58);
  const documents = Object.entries(DEFINITIONS).map(([path, content]) => ({ name: path.replace(/^.*specs\//, ""), content }));
  const res = await request<Outcome>("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents }) });
  expect(res.status, res.text).toBe(201);
  expect(res.body.operations).toBe(93);
  expect(res.body.counts).toMatchObject({ imported: 71, rejected: 22 });
  const reasons = res.body.rejected.map((r) => r.reason.split(/[:(]/)[0]?.trim());
  expect(new Set(reasons)).toEqual(new Set(["the source records no successful live call of this operation", "the source measured only envelope fields"]));
  expect(reasons.filter((r) => r?.startsWith("the source records no successful"))).toHaveLength(16);
  // 15 record a failed call (verified_ok: false); one has no verified_ok at all (not probed).
  expect(res.body.rejected.filter((r) => r.reason.includes("(verified_ok: false, its live call failed)"))).toHaveLength(15);
  expect(res.body.rejected.filter((r) => r.reason.includes("(no verified_ok: the source did not probe it)")).map((r) => `${r.document} ${r.operation}`)).toEqual(["datagokr/재난안전/15125655.yaml /insrLapseFacilInfo"]);
  expect(reasons.filter((r) => r === "the source measured only envelope fields")).toHaveLength(6);
});
