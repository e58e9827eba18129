/**
 * `npm run bench:graph`: build and verify the EDGE graph over the whole catalog on the sandbox
 * (both Workers under `wrangler dev`), then print the figures and one line of key=value pairs.
 */
import { runGraph } from "./graph-run";

const BUDGET = Number(process.env["GRAPH_BUDGET"] ?? 5000);

interface Edge {
  id: string;
  fromTool: string;
  toTool: string;
  status: string;
  statusReason: string | null;
  basis: string | null;
}

// The full catalog, as `npm start` builds it; GRAPH_BUILTIN_ONLY=1 leaves the vendored definitions out.
const run = await runGraph(BUDGET, { definitions: !process.env["GRAPH_BUILTIN_ONLY"] });
try {
  const { build, verify, seconds } = run;
  const graph = await run.api<{ nodes: unknown[]; edges: Edge[]; stats: Record<string, number>; basis: Record<string, number>; version: number }>("/v1/graph");
  const verified = graph.edges.filter((e) => e.status === "verified");
  const crossing = verified.filter((e) => e.fromTool !== e.toTool);
  const rejected = graph.edges.filter((e) => e.status === "rejected");
  const calls = build.progress.upstreamCalls + verify.progress.upstreamCalls;
  const naive = verify.progress.naiveCalls;
  const deadEnds = ["nps_workplace_search->nts_business_status", "mois_legal_dong_codes->hira_hospitals", "juso_coordinates->airkorea_nearby_stations"];
  console.table(
    Object.fromEntries(
      deadEnds.map((id) => {
        const e = graph.edges.find((x) => x.id === id);
        return [id, { status: e?.status ?? "not a candidate", reason: (e?.statusReason ?? "").slice(0, 90) }];
      }),
    ),
  );
  const basis = (name: string) => graph.basis[name] ?? 0;
  console.table({
    tools: graph.nodes.length,
    "imported tools": run.imported,
    candidates: graph.edges.length,
    verified: verified.length,
    "verified, between two different tools": crossing.length,
    "verified, the answer depending on the value (controls)": basis("dependent"),
    "verified, into a local converter (a conversion, not evidence)": basis("conversion"),
    rejected: rejected.length,
    "rejected, a random value (or leaving it out) gave the same answer": basis("control_passed"),
    "rejected, a self-edge repeating its source": basis("repeats_source"),
    inconclusive: graph.stats["inconclusive"] ?? 0,
    "untested (too few distinct source values, or none sent)": graph.stats["untested"] ?? 0,
    "precision of candidate scoring (verified / tried)": Number((verified.length / Math.max(1, verify.progress.done)).toFixed(3)),
    "upstream calls (build + verify, controls included)": calls,
    "naive calls (2 per candidate per sample)": naive,
    "calls / naive": Number((calls / Math.max(1, naive)).toFixed(3)),
    seconds: Number(seconds.toFixed(1)),
    "graph version": graph.version,
  });
  console.log(
    `tools=${graph.nodes.length} imported_tools=${run.imported} candidates=${graph.edges.length} verified=${verified.length} rejected=${rejected.length} inconclusive=${graph.stats["inconclusive"] ?? 0} calls=${calls} naive_calls=${naive} calls_per_naive=${(calls / Math.max(1, naive)).toFixed(3)} seconds=${seconds.toFixed(1)} dependent=${basis("dependent")} control_passed=${basis("control_passed")} untested=${graph.stats["untested"] ?? 0}`,
  );
} finally {
  await run.dispose();
}
