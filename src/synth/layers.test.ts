/**
 * One way through src/synth/: plan → walk → compose and request → gate → example → export, with
 * the writer, the Durable Objects, the store and the routes on top. No module imports one that
 * imports it back, directly or through others; type-only imports count too.
 */
import { describe, expect, it } from "vitest";

const SOURCES = import.meta.glob("./*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/** `from "./x"`, `import("./x")` and `import "./x"`: the module's local imports. */
const LOCAL_IMPORT = /\b(?:from|import)\s*\(?\s*["']\.\/([^"'/]+?)(?:\.[jt]s)?["']/g;

function moduleName(path: string): string {
  return path.replace(/^\.\//, "").replace(/\.ts$/, "");
}

/** Each module's local imports; test files are left out, since no module imports them. */
function importGraph(sources: Record<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of Object.entries(sources)) {
    if (path.endsWith(".test.ts")) continue;
    graph.set(moduleName(path), [...new Set([...text.matchAll(LOCAL_IMPORT)].map((m) => m[1] ?? ""))].sort());
  }
  return graph;
}

/** A cycle of the graph as the path that closes it (["a", "b", "a"]), or null when there is none. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const open = path.indexOf(node);
    if (open >= 0) return [...path.slice(open), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("src/synth imports", () => {
  it("are read from every module, type-only ones too", () => {
    const graph = importGraph(SOURCES);
    expect(graph.has("walk-object") && graph.has("plan")).toBe(true);
    expect(graph.has("layers.test")).toBe(false);
    // `import type { SynthExample } from "./example-schema"` is gate's only import of it.
    expect(graph.get("gate")).toContain("example-schema");
    expect(graph.get("example")).toContain("gate");
  });

  it("go one way: no module imports one that imports it back", () => {
    const cycle = findCycle(importGraph(SOURCES));
    expect(cycle, cycle ? `import cycle: ${cycle.join(" → ")}` : "").toBeNull();
  });

  it("a cycle through other modules is found, with its path", () => {
    const text = (imports: string[]) => imports.map((m) => `import type { X } from "./${m}";\nconst y = await import("./${m}");`).join("\n");
    const graph = importGraph({ "./gate.ts": text(["export"]), "./export.ts": text(["example"]), "./example.ts": text(["gate"]), "./plan.ts": "" });
    expect(findCycle(graph)).toEqual(["example", "gate", "export", "example"]);
    expect(findCycle(new Map([["gate", ["plan"]], ["plan", []]]))).toBeNull();
  });
});
