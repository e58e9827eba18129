/**
 * Server-rendered figures shared by the synthesis and bench pages: a status pill, a progress bar
 * that the progress script (assets/progress.ts) keeps live, estimate bars with their confidence
 * intervals, and count bars. Every figure carries its numbers as data attributes, so tests and
 * scripts read what is drawn without parsing geometry.
 */
import type { Estimate } from "../bench/stats";
import { interval, rate } from "./format";
import { L, labelOf, STATUS_LABELS, type Label } from "./i18n";

/** Statuses after which nothing changes: the page stops polling. */
export const isActive = (status: string) => status === "queued" || status === "running";

/** What a progress route answers (read by assets/progress.ts). */
export interface ProgressJson {
  status: string;
  label: Label;
  done: number;
  total: number;
  /** Further counts shown on the page, by `data-field` name. */
  fields: Record<string, number>;
}

export const StatusPill = ({ status }: { status: string }) => (
  <span class={`pill st-${status}`} data-field="status" data-status={status}>
    <L {...labelOf(STATUS_LABELS, status)} />
  </span>
);

const share = (done: number, total: number) => (total === 0 ? 0 : Math.min(100, Math.round((1000 * done) / total) / 10));

/**
 * `done` of `total` as a bar. `url` (only while the job or run is active) is the JSON progress
 * route the script polls; without the script the bar shows the state at render time.
 */
export const ProgressBar = ({ id, done, total, status, url }: { id?: string; done: number; total: number; status: string; url?: string | undefined }) => (
  <div class="progress" id={id} data-status={status} data-progress-url={url && isActive(status) ? url : undefined}>
    <div class="bar" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
      <span class="fill" style={`width:${share(done, total)}%`} />
    </div>
    <span class="progress-text">
      <b data-field="done">{done}</b> / <b data-field="total">{total}</b>
    </span>
  </div>
);

export interface EstimateRow {
  key: string;
  label: Label;
  items: number;
  pass1: Estimate;
  passK: Estimate;
}

/** A horizontal bar in a 0–100 frame with its 95 % interval as a whisker. */
export const EstimateBar = ({ estimate }: { estimate: Estimate }) => {
  const [low, high] = estimate.ci;
  const x = (v: number) => Math.round(v * 1000) / 10;
  return (
    <svg class="est" viewBox="0 0 100 12" preserveAspectRatio="none" role="img" aria-label={`${rate(estimate.value)} (95% CI ${interval(estimate.ci)})`}>
      <rect class="est-track" x="0" y="2" width="100" height="8" />
      <rect class="est-value" x="0" y="2" width={x(estimate.value)} height="8" data-value={estimate.value} />
      <line class="est-ci" x1={x(low)} x2={x(high)} y1="6" y2="6" data-low={low} data-high={high} />
      <line class="est-ci" x1={x(low)} x2={x(low)} y1="2" y2="10" />
      <line class="est-ci" x1={x(high)} x2={x(high)} y1="2" y2="10" />
    </svg>
  );
};

/** pass@1 (and pass^k when k > 1) per group, each with its interval. */
export const EstimateChart = ({ id, rows, k, head }: { id: string; rows: EstimateRow[]; k: number; head: Label }) => (
  <div class="scroll">
    <table class="chart" id={id} data-chart={id}>
      <thead>
        <tr>
          <th>
            <L {...head} />
          </th>
          <th class="num">
            <L ko="항목" en="Items" />
          </th>
          <th class="bar-col">pass@1 · 95% CI</th>
          <th class="num">pass@1</th>
          <th class="num">95% CI</th>
          {k > 1 ? <th class="num">{`pass^${k}`}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr data-group={r.key} data-items={r.items} data-pass1={r.pass1.value} data-ci-low={r.pass1.ci[0]} data-ci-high={r.pass1.ci[1]}>
            <td>
              <L {...r.label} />
            </td>
            <td class="num">{r.items}</td>
            <td class="bar-col">
              <EstimateBar estimate={r.pass1} />
            </td>
            <td class="num">{rate(r.pass1.value)}</td>
            <td class="num muted">{interval(r.pass1.ci)}</td>
            {k > 1 ? <td class="num">{`${rate(r.passK.value)} (${interval(r.passK.ci)})`}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

export interface CountRow {
  key: string;
  label: Label;
  /** Stacked parts of the bar, drawn in order: class name (a CSS colour) and count. */
  parts: { name: string; count: number }[];
}

/** Counts per key as stacked bars scaled to the largest total. */
export const CountChart = ({ id, rows, head, columns }: { id: string; rows: CountRow[]; head: Label; columns: { name: string; label: Label }[] }) => {
  const max = Math.max(1, ...rows.map((r) => r.parts.reduce((a, p) => a + p.count, 0)));
  return (
    <div class="scroll">
      <table class="chart" id={id} data-chart={id}>
        <thead>
          <tr>
            <th>
              <L {...head} />
            </th>
            {columns.map((c) => (
              <th class="num">
                <span class={`key ${c.name}`} /> <L {...c.label} />
              </th>
            ))}
            <th class="bar-col" />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr data-key={r.key} {...Object.fromEntries(r.parts.map((p) => [`data-${p.name}`, p.count]))}>
              <td>
                <L {...r.label} />
              </td>
              {r.parts.map((p) => (
                <td class="num">{p.count}</td>
              ))}
              <td class="bar-col">
                <svg class="counts" viewBox="0 0 100 12" preserveAspectRatio="none" role="img" aria-label={r.parts.map((p) => `${p.name} ${p.count}`).join(", ")}>
                  {r.parts.map((p, i) => {
                    const before = r.parts.slice(0, i).reduce((a, q) => a + q.count, 0);
                    return <rect class={p.name} x={(100 * before) / max} y="2" width={(100 * p.count) / max} height="8" />;
                  })}
                </svg>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
