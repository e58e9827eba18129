/**
 * Graph: every tool and edge of the EDGE graph, laid out and drawn by /ui/assets/graph.js from the
 * JSON the server embeds; edges are coloured by status and filtered by it; a click on an edge
 * loads its evidence (rendered here, by the same store functions as GET /v1/graph/edges/:id).
 */
import { Hono } from "hono";
import { ApiError } from "../../app/errors";
import type { AppEnv } from "../../app/new-app";
import { dbOf } from "../../db/client";
import { graphView } from "../../graph/routes";
import { edgeEvidence, edgeStatusSchema, listEdges, statusCounts, type EdgeRow } from "../../graph/store";
import { kstTime, scriptJson } from "../format";
import { L, type Label } from "../i18n";
import type { DashboardPage } from "../page";

const PATH = "/ui/graph";

export const STATUS_LABELS: Record<EdgeRow["status"], Label> = {
  verified: { ko: "검증됨", en: "verified" },
  rejected: { ko: "기각", en: "rejected" },
  inconclusive: { ko: "미결", en: "inconclusive" },
  stale: { ko: "낡음", en: "stale" },
  candidate: { ko: "후보", en: "candidate" },
  untested: { ko: "미시험", en: "untested" },
};

export const StatusPill = ({ status }: { status: EdgeRow["status"] }) => (
  <span class={`pill s-${status}`}>
    <L {...STATUS_LABELS[status]} />
  </span>
);

type Evidence = Awaited<ReturnType<typeof edgeEvidence>>;

const EdgeDetail = ({ edge, evidence }: { edge: EdgeRow; evidence: Evidence }) => (
  <div class="edge-detail" data-edge={edge.id}>
    <h2 style="margin-top:0">
      <code>{edge.fromTool}</code> → <code>{edge.toTool}</code>
    </h2>
    <p>
      <StatusPill status={edge.status} /> <span class="muted">{edge.statusReason ?? ""}</span>
    </p>
    <p class="muted">
      score {edge.score} · <L ko="확인" en="checked" /> {kstTime(edge.checkedAt)}
      {edge.basis ? ` · ${edge.basis}` : ""}
    </p>
    <div class="scroll">
      <table>
        <thead>
          <tr>
            <th>
              <L ko="출력 필드" en="Output field" />
            </th>
            <th>→</th>
            <th>
              <L ko="입력 인자" en="Input param" />
            </th>
            <th>
              <L ko="근거" en="Reasons" />
            </th>
          </tr>
        </thead>
        <tbody>
          {edge.bindings.map((b) => (
            <tr>
              <td>
                <code>{b.field}</code>
              </td>
              <td>→</td>
              <td>
                <code>{b.param}</code>
              </td>
              <td class="muted reasons">{b.reasons.join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    <h2>
      <L ko="검증 기록" en="Evidence" /> ({evidence.length})
    </h2>
    {evidence.length === 0 ? (
      <p class="muted">
        <L ko="아직 호출로 검증되지 않았습니다." en="Not yet tried by a real call." />
      </p>
    ) : null}
    {evidence.map((e) => (
      <div class="card evidence">
        <p>
          <span class={`pill s-${e.verdict}`}>{e.verdict}</span> {kstTime(e.at)} · v{e.graphVersion} · {e.tries} <L ko="회 시도" en="tries" /> · {e.upstreamCalls}{" "}
          <L ko="회 업스트림 호출" en="upstream calls" />
        </p>
        <p class="muted">
          {Object.entries(e.outcomes)
            .map(([k, n]) => `${k}: ${n}`)
            .join(" · ")}
        </p>
        {e.trials.length > 0 ? (
          <div class="scroll">
            <table>
              <thead>
                <tr>
                  <th>
                    <L ko="보낸 값" en="Sent" />
                  </th>
                  <th>
                    <L ko="결과" en="Items" />
                  </th>
                  <th>
                    <L ko="대조 (무작위 값 · 생략)" en="Control (random · left out)" />
                  </th>
                  <th>
                    <L ko="판정" en="Counted as" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {e.trials.map((t) => (
                  <tr>
                    <td>
                      <code>{JSON.stringify(t.values)}</code>
                    </td>
                    <td>{t.items ?? t.error ?? ""}</td>
                    <td>
                      {t.control ? <code>{`${JSON.stringify(t.control.values)} → ${t.control.items ?? t.control.error ?? ""}${t.control.same ? " (same)" : ""}`}</code> : ""}
                      {t.leftOut ? ` · ${t.leftOut.items ?? t.leftOut.error ?? ""}${t.leftOut.same ? " (same)" : ""}` : ""}
                    </td>
                    <td>
                      <strong>{t.outcome}</strong> <span class="muted">{t.why}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {e.skipped.length > 0 ? <p class="muted">{e.skipped.join(" · ")}</p> : null}
        <details>
          <summary>
            <L ko="표본 값" en="Sampled values" /> ({e.samples.length})
          </summary>
          <pre>{JSON.stringify(e.samples, null, 2)}</pre>
        </details>
      </div>
    ))}
  </div>
);

const GraphPage = ({ graph, stats }: { graph: Awaited<ReturnType<typeof graphView>>; stats: Record<EdgeRow["status"], number> }) => {
  const data = {
    nodes: graph.nodes,
    edges: graph.edges.map((e) => ({ id: e.id, from: e.fromTool, to: e.toTool, status: e.status })),
  };
  return (
    <>
      <p class="legend">
        {edgeStatusSchema.options.map((status) => (
          <label>
            <input type="checkbox" data-status-filter={status} checked /> <StatusPill status={status} /> {stats[status]}
          </label>
        ))}
        <span class="muted">
          v{graph.version} · {graph.nodes.length} <L ko="도구" en="tools" /> · {graph.edges.length} <L ko="연결" en="edges" /> ·{" "}
          <a href="/v1/graph/export?format=dot">DOT</a>
        </span>
      </p>
      <div class="graph-wrap">
        <svg id="graph" role="img" aria-label="EDGE graph" />
        <aside id="evidence" class="card">
          <p class="muted">
            <L ko="연결선을 누르면 검증 기록이, 도구를 누르면 그 연결만 보입니다." en="Click an edge for its evidence, a tool to show only its edges." />
          </p>
        </aside>
      </div>
      <script type="application/json" id="graph-data" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
    </>
  );
};

const routes = new Hono<AppEnv>()
  .get("/graph", async (c) => {
    const db = dbOf(c.env.DB);
    const [graph, stats] = await Promise.all([graphView(db, {}), statusCounts(db)]);
    return c.render(<GraphPage graph={graph} stats={stats} />, { title: { ko: "EDGE 그래프", en: "EDGE graph" }, page: PATH, scripts: ["graph.js"] });
  })
  .get("/graph/edges/:id", async (c) => {
    const db = dbOf(c.env.DB);
    const [edge] = await listEdges(db, { ids: [c.req.param("id")] });
    if (!edge) throw new ApiError("NOT_FOUND", "no edge with that id", "id");
    const detail = <EdgeDetail edge={edge} evidence={await edgeEvidence(db, edge.id)} />;
    if (c.req.query("fragment") !== undefined) return c.html(detail);
    return c.render(detail, { title: { ko: "연결 검증 기록", en: "Edge evidence" }, page: PATH });
  });

export const graphPage: DashboardPage = { nav: { path: PATH, label: { ko: "그래프", en: "Graph" } }, routes };
