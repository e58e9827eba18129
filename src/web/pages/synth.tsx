/**
 * Synthesis jobs: the team's jobs with live progress; a job's page with its counts per shape, the
 * filters' rejections and failures, sample trajectories (request, calls, answer) and its dataset
 * exports. Exports are served here too, because the /v1 routes take a bearer token and the
 * dashboard's session is a cookie the page cannot read.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ApiError } from "../../app/errors";
import { parseOrThrow, type AppEnv } from "../../app/new-app";
import { CATALOG } from "../../catalog";
import { dbOf } from "../../db/client";
import type { SynthExample } from "../../synth/example-schema";
import { datasetCard, EXPORT_FORMATS, exportJsonl } from "../../synth/export";
import { exportQuery } from "../../synth/routes";
import { exampleCountsByShape, getSynthJob, listExamples, listExamplesWithRejection, listSynthJobs, type SynthJobRow } from "../../synth/store";
import { CountChart, isActive, ProgressBar, StatusPill, type ProgressJson } from "../charts";
import { kstTime } from "../format";
import { L, labelOf, SHAPE_LABELS, STATUS_LABELS, type Label } from "../i18n";
import type { DashboardPage } from "../page";

const PATH = "/ui/synth";
const SAMPLES_PER_PAGE = 5;
const TITLE: Label = { ko: "합성 작업", en: "Synthesis jobs" };

const jobQuery = z.object({
  sample: z.enum(["kept", "rejected"]).default("kept"),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

async function ownJob(c: Context<AppEnv>, id: string): Promise<SynthJobRow> {
  const job = await getSynthJob(dbOf(c.env.DB), id);
  // Another team's job is as unknown as a missing one.
  if (!job || job.teamId !== c.get("team").id) throw new ApiError("NOT_FOUND", "no synthesis job with that id", "id");
  return job;
}

function progressJson(job: SynthJobRow): ProgressJson {
  const p = job.progress;
  return {
    status: job.status,
    label: labelOf(STATUS_LABELS, job.status),
    done: p.kept,
    total: job.params.target,
    fields: { planned: p.planned, walks: p.done, running: p.running, rejected: sum(p.rejected), failed: sum(p.failed), upstreamCalls: p.upstreamCalls },
  };
}

const progressUrl = (id: string) => `${PATH}/${id}/progress`;

const JobList = ({ jobs }: { jobs: SynthJobRow[] }) =>
  jobs.length === 0 ? (
    <p class="card muted" id="no-jobs">
      <L ko="합성 작업이 없습니다. POST /v1/synth/jobs 또는 kopa synth run 으로 시작합니다." en="No synthesis jobs yet. Start one with POST /v1/synth/jobs or kopa synth run." />
    </p>
  ) : (
    <div class="scroll">
      <table id="jobs">
        <thead>
          <tr>
            <th>
              <L ko="작업" en="Job" />
            </th>
            <th>
              <L ko="상태" en="Status" />
            </th>
            <th>
              <L ko="보관 / 목표" en="Kept / target" />
            </th>
            <th class="num">
              <L ko="계획" en="Planned" />
            </th>
            <th class="num">
              <L ko="거절" en="Rejected" />
            </th>
            <th class="num">
              <L ko="실패" en="Failed" />
            </th>
            <th class="num">
              <L ko="업스트림 호출" en="Upstream calls" />
            </th>
            <th>
              <L ko="시작 (KST)" en="Started (KST)" />
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr data-live data-job={job.id}>
              <td>
                <a href={`${PATH}/${job.id}`}>
                  <code>{job.id.slice(0, 8)}</code>
                </a>{" "}
                <span class="muted">{job.params.seed}</span>
              </td>
              <td>
                <StatusPill status={job.status} />
              </td>
              <td>
                <ProgressBar done={job.progress.kept} total={job.params.target} status={job.status} url={progressUrl(job.id)} />
              </td>
              <td class="num" data-field="planned">
                {job.progress.planned}
              </td>
              <td class="num" data-field="rejected">
                {sum(job.progress.rejected)}
              </td>
              <td class="num" data-field="failed">
                {sum(job.progress.failed)}
              </td>
              <td class="num" data-field="upstreamCalls">
                {job.progress.upstreamCalls}
              </td>
              <td>{kstTime(job.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

const Stat = ({ field, value, label }: { field?: string; value: string | number; label: Label }) => (
  <div class="stat">
    <b data-field={field}>{value}</b>
    <L {...label} />
  </div>
);

/** Counts by reason (a filter's rejections, a walk's failures) as a table. */
const Reasons = ({ id, counts, empty }: { id: string; counts: Record<string, number>; empty: Label }) => {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (rows.length === 0)
    return (
      <p class="muted" id={id}>
        <L {...empty} />
      </p>
    );
  return <CountChart id={id} head={{ ko: "사유", en: "Reason" }} columns={[{ name: "rejected", label: { ko: "건수", en: "count" } }]} rows={rows.map(([key, count]) => ({ key, label: { ko: key, en: key }, parts: [{ name: "rejected", count }] }))} />;
};

const JobStats = ({ job }: { job: SynthJobRow }) => {
  const p = job.progress;
  return (
    <section data-live id="job-progress">
      <p>
        <StatusPill status={job.status} /> <span class="muted">{job.id}</span>
      </p>
      <ProgressBar id="job-bar" done={p.kept} total={job.params.target} status={job.status} url={progressUrl(job.id)} />
      <div class="stats">
        <Stat field="done" value={p.kept} label={{ ko: "보관한 예제", en: "kept examples" }} />
        <Stat field="planned" value={p.planned} label={{ ko: "계획한 걷기", en: "walks planned" }} />
        <Stat field="walks" value={p.done} label={{ ko: "끝난 걷기", en: "walks finished" }} />
        <Stat field="running" value={p.running} label={{ ko: "진행 중", en: "in flight" }} />
        <Stat field="rejected" value={sum(p.rejected)} label={{ ko: "필터 거절", en: "rejected by filters" }} />
        <Stat field="failed" value={sum(p.failed)} label={{ ko: "실패한 걷기", en: "failed walks" }} />
        <Stat field="upstreamCalls" value={p.upstreamCalls} label={{ ko: `업스트림 호출 (예산 ${job.params.budget})`, en: `upstream calls (budget ${job.params.budget})` }} />
      </div>
      <p class="muted" id="job-params">
        <L ko="그래프 버전" en="graph version" /> v{job.graphVersion} · seed <code>{job.params.seed}</code> · <L ko="동시 실행" en="concurrency" /> {job.params.concurrency}
        {job.params.snapshot ? (
          <>
            {" "}
            · <L ko="스냅숏" en="snapshot" /> <code>{job.params.snapshot}</code>
          </>
        ) : null}
        {job.params.writer ? (
          <>
            {" "}
            · <L ko="작성 모델" en="writer model" /> <code>{job.params.writer.endpoint.model}</code>
          </>
        ) : null}{" "}
        · <L ko="시작" en="started" /> {kstTime(job.createdAt)} · <L ko="종료" en="finished" /> {kstTime(job.finishedAt)}
      </p>
    </section>
  );
};

const Exports = ({ id }: { id: string }) => (
  <p id="exports">
    {EXPORT_FORMATS.map((format) => (
      <a class="button" href={`${PATH}/${id}/export?format=${format}`} style="margin-right:6px">
        {format}.jsonl
      </a>
    ))}
    <a class="button" href={`${PATH}/${id}/export?format=card`}>
      <L ko="데이터셋 카드" en="dataset card" /> (.md)
    </a>
  </p>
);

const json = (value: unknown) => JSON.stringify(value);

const Sample = ({ example, rejection }: { example: SynthExample; rejection: string | null }) => (
  <article class="card sample" data-example={example.id} data-shape={example.shape}>
    <p>
      <span class="tag">
        <L {...labelOf(SHAPE_LABELS, example.shape)} />
      </span>{" "}
      {rejection ? <span class="pill st-failed">{rejection}</span> : null} <span class="muted">{example.id}</span>
    </p>
    <h3>
      <L ko="요청" en="Request" /> <span class="muted">({example.request.madeBy})</span>
    </h3>
    <p class="request">{example.request.text}</p>
    <h3>
      <L ko="호출" en="Calls" />
    </h3>
    <ol class="calls">
      {example.calls.map((call) => (
        <li>
          <code>
            {call.tool}({json(call.args)})
          </code>{" "}
          <span class="muted">
            → {call.items.length} / {call.totalCount} <L ko="항목" en="items" />
          </span>
          {call.items.length > 0 ? (
            <details>
              <summary>
                <L ko="첫 항목" en="first item" />
              </summary>
              <pre>{JSON.stringify(call.items[0], null, 2)}</pre>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
    <h3>
      <L ko="답변" en="Answer" /> <span class="muted">({example.answer.madeBy})</span>
    </h3>
    <p class="answer">{example.answer.text}</p>
  </article>
);

const Samples = ({ job, sample, offset, rows }: { job: SynthJobRow; sample: "kept" | "rejected"; offset: number; rows: { example: SynthExample; rejection: string | null }[] }) => {
  const link = (s: string, o: number) => `${PATH}/${job.id}?sample=${s}&offset=${o}#samples`;
  return (
    <section id="samples" data-sample={sample}>
      <h2>
        <L ko="예제 궤적" en="Sample trajectories" />
      </h2>
      <p>
        <a class="button" href={link("kept", 0)} style={sample === "kept" ? "font-weight:700" : ""}>
          <L ko="보관" en="Kept" />
        </a>{" "}
        <a class="button" href={link("rejected", 0)} style={sample === "rejected" ? "font-weight:700" : ""}>
          <L ko="거절" en="Rejected" />
        </a>{" "}
        {offset > 0 ? (
          <a href={link(sample, Math.max(0, offset - SAMPLES_PER_PAGE))}>
            ← <L ko="이전" en="previous" />
          </a>
        ) : null}{" "}
        {rows.length === SAMPLES_PER_PAGE ? (
          <a href={link(sample, offset + SAMPLES_PER_PAGE)} id="samples-next">
            <L ko="다음" en="next" /> →
          </a>
        ) : null}
      </p>
      {rows.length === 0 ? (
        <p class="muted" id="no-samples">
          <L ko="보여 줄 예제가 없습니다." en="No examples to show." />
        </p>
      ) : (
        rows.map((r) => <Sample example={r.example} rejection={r.rejection} />)
      )}
    </section>
  );
};

const JobPage = ({ job, shapes, sample, offset, rows }: { job: SynthJobRow; shapes: { shape: string; kept: number; rejected: number }[]; sample: "kept" | "rejected"; offset: number; rows: { example: SynthExample; rejection: string | null }[] }) => {
  const byShape = new Map(shapes.map((s) => [s.shape, s]));
  const shapeRows = [...new Set([...job.params.shapes, ...byShape.keys()])].map((shape) => ({
    key: shape,
    label: labelOf(SHAPE_LABELS, shape),
    parts: [
      { name: "kept", count: byShape.get(shape)?.kept ?? 0 },
      { name: "rejected", count: byShape.get(shape)?.rejected ?? 0 },
    ],
  }));
  return (
    <>
      <p>
        <a href={PATH}>
          ← <L {...TITLE} />
        </a>
      </p>
      <JobStats job={job} />
      <h2>
        <L ko="데이터셋 내보내기" en="Dataset exports" />
      </h2>
      <Exports id={job.id} />
      <h2>
        <L ko="형태별 예제" en="Examples per shape" />
      </h2>
      <CountChart
        id="shapes"
        head={{ ko: "형태", en: "Shape" }}
        columns={[
          { name: "kept", label: { ko: "보관", en: "kept" } },
          { name: "rejected", label: { ko: "거절", en: "rejected" } },
        ]}
        rows={shapeRows}
      />
      <div class="two-col">
        <div>
          <h2>
            <L ko="필터 거절" en="Filter rejections" />
          </h2>
          <Reasons id="rejections" counts={job.progress.rejected} empty={{ ko: "거절된 예제가 없습니다.", en: "No example was rejected." }} />
        </div>
        <div>
          <h2>
            <L ko="실패한 걷기" en="Failed walks" />
          </h2>
          <Reasons id="failures" counts={job.progress.failed} empty={{ ko: "실패한 걷기가 없습니다.", en: "No walk failed." }} />
        </div>
      </div>
      <Samples job={job} sample={sample} offset={offset} rows={rows} />
    </>
  );
};

const routes = new Hono<AppEnv>()
  .get("/synth", async (c) => {
    const jobs = await listSynthJobs(dbOf(c.env.DB), c.get("team").id);
    return c.render(<JobList jobs={jobs} />, { title: TITLE, page: PATH, scripts: jobs.some((j) => isActive(j.status)) ? ["progress.js"] : [] });
  })
  .get("/synth/:id", async (c) => {
    const query = parseOrThrow(jobQuery, c.req.query(), "query");
    const job = await ownJob(c, c.req.param("id"));
    const db = dbOf(c.env.DB);
    const [shapes, rows] = await Promise.all([exampleCountsByShape(db, job.id), listExamplesWithRejection(db, job.id, { kept: query.sample === "kept", limit: SAMPLES_PER_PAGE, offset: query.offset })]);
    return c.render(<JobPage job={job} shapes={shapes} sample={query.sample} offset={query.offset} rows={rows} />, {
      title: { ko: `합성 작업 ${job.id.slice(0, 8)}`, en: `Synthesis job ${job.id.slice(0, 8)}` },
      page: PATH,
      scripts: isActive(job.status) ? ["progress.js"] : [],
    });
  })
  .get("/synth/:id/progress", async (c) => c.json(progressJson(await ownJob(c, c.req.param("id")))))
  .get("/synth/:id/export", async (c) => {
    const { format } = parseOrThrow(exportQuery, c.req.query(), "query");
    const job = await ownJob(c, c.req.param("id"));
    const kept = await listExamples(dbOf(c.env.DB), job.id, { kept: true });
    if (format === "card") {
      const card = datasetCard({ jobId: job.id, params: job.params, graphVersion: job.graphVersion, catalogTools: CATALOG.size, kept, rejected: job.progress.rejected, failed: job.progress.failed, planned: job.progress.planned });
      return c.body(card, 200, { "Content-Type": "text/markdown; charset=utf-8", "Content-Disposition": `attachment; filename="${job.id}.card.md"` });
    }
    const body = exportJsonl(kept, format, { graphVersion: job.graphVersion, snapshot: job.params.snapshot ?? null });
    return c.body(body, 200, { "Content-Type": "application/x-ndjson; charset=utf-8", "Content-Disposition": `attachment; filename="${job.id}.${format}.jsonl"` });
  });

export const synthPage: DashboardPage = { nav: { path: PATH, label: { ko: "합성", en: "Synthesis" } }, routes };
