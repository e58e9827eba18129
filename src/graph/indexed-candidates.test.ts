/// <reference types="vite/client" />
/**
 * The indexed candidates are exactly the graph's candidates (same edges, bindings, scores, order),
 * over the built-in catalog and the 40 tools imported from the dataset definitions.
 */
import { describe, expect, it } from "vitest";
import { CATALOG } from "../catalog";
import { planImport } from "../catalog/import";
import { toolSpecOf } from "../catalog/import/tool-spec";
import { candidateEdges } from "./candidates";
import { indexedCandidateEdges } from "./indexed-candidates";
import { toolIO } from "./io";

const FILES = import.meta.glob("../../test/fixtures/datagokr/**/*.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

describe("indexedCandidateEdges", () => {
  it("finds the same candidates as candidateEdges, built-in and imported tools together", () => {
    const imported = planImport(Object.entries(FILES).map(([name, content]) => ({ name, content }))).tools.map((t) => toolSpecOf(t.spec, 1));
    const io = [...CATALOG.values(), ...imported].map(toolIO);
    const observed = { dg_15082009_branch_list: { addr: ["서울특별시 중구 세종대로 110"] } };
    const check = () => true;
    const all = candidateEdges(io, observed, check);
    expect(all.length).toBeGreaterThan(400);
    expect(indexedCandidateEdges(io, observed, check)).toEqual(all);
  });
});
