/**
 * Usage: the team's calls per tool and what the shared cache saved (answers served from the cache
 * or a snapshot instead of an upstream call), from the same aggregation as GET /v1/usage.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app/new-app";
import { dbOf } from "../../db/client";
import { usage, type ToolUsage } from "../../gateway/usage";
import { percent } from "../format";
import { L } from "../i18n";
import type { DashboardPage } from "../page";

const PATH = "/ui/usage";
const WINDOWS = [
  { hours: 24, label: { ko: "24시간", en: "24 h" } },
  { hours: 168, label: { ko: "7일", en: "7 days" } },
  { hours: 720, label: { ko: "30일", en: "30 days" } },
];

const Stat = ({ id, value, ko, en }: { id: string; value: string | number; ko: string; en: string }) => (
  <div class="stat" id={id}>
    <b>{value}</b>
    <L ko={ko} en={en} />
  </div>
);

const UsageView = ({ rows, hours }: { rows: ToolUsage[]; hours: number }) => {
  const total = rows.reduce((acc, r) => ({ calls: acc.calls + r.calls, hits: acc.hits + r.cacheHits, upstream: acc.upstream + r.upstreamCalls, errors: acc.errors + r.errors }), { calls: 0, hits: 0, upstream: 0, errors: 0 });
  return (
    <>
      <p>
        {WINDOWS.map((w) => (
          <a class="button" href={`${PATH}?hours=${w.hours}`} style={`margin-right:6px;${w.hours === hours ? "font-weight:700" : ""}`}>
            <L {...w.label} />
          </a>
        ))}
      </p>
      <div class="stats">
        <Stat id="stat-calls" value={total.calls} ko="호출" en="calls" />
        <Stat id="stat-hits" value={total.hits} ko="캐시 응답 (절약한 업스트림 호출)" en="cache answers (upstream calls saved)" />
        <Stat id="stat-upstream" value={total.upstream} ko="업스트림 호출" en="upstream calls" />
        <Stat id="stat-ratio" value={percent(total.hits, total.calls)} ko="캐시 적중률" en="cache hit ratio" />
        <Stat id="stat-errors" value={total.errors} ko="오류" en="errors" />
      </div>
      {rows.length === 0 ? (
        <p class="card muted">
          <L ko="이 기간에 호출이 없습니다." en="No calls in this window." />
        </p>
      ) : (
        <div class="scroll">
          <table id="usage">
            <thead>
              <tr>
                <th>
                  <L ko="도구" en="Tool" />
                </th>
                <th class="num">
                  <L ko="호출" en="Calls" />
                </th>
                <th class="num">
                  <L ko="캐시" en="Cache" />
                </th>
                <th class="num">
                  <L ko="업스트림" en="Upstream" />
                </th>
                <th>
                  <span class="key hit" /> <L ko="캐시" en="cache" /> <span class="key up" /> <L ko="업스트림" en="upstream" /> <span class="key other" /> <L ko="로컬·오류" en="local, error" />
                </th>
                <th class="num">
                  <L ko="오류" en="Errors" />
                </th>
                <th class="num">p50 ms</th>
                <th class="num">p95 ms</th>
                <th class="num">
                  <L ko="남은 할당량" en="Quota left" />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr data-tool={r.tool}>
                  <td>
                    <a href={`/ui/catalog/${r.tool}`}>
                      <code>{r.tool}</code>
                    </a>
                  </td>
                  <td class="num">{r.calls}</td>
                  <td class="num">{r.cacheHits}</td>
                  <td class="num">{r.upstreamCalls}</td>
                  <td>
                    <div class="bar" title={`${r.cacheHits} : ${r.upstreamCalls}`}>
                      <span class="hit" style={`width:${r.calls ? (100 * r.cacheHits) / r.calls : 0}%`} />
                      <span class="up" style={`width:${r.calls ? (100 * r.upstreamCalls) / r.calls : 0}%`} />
                      <span class="other" style={`width:${r.calls ? (100 * Math.max(0, r.calls - r.cacheHits - r.upstreamCalls)) / r.calls : 0}%`} />
                    </div>
                  </td>
                  <td class="num">{r.errors}</td>
                  <td class="num">{r.p50Ms}</td>
                  <td class="num">{r.p95Ms}</td>
                  <td class="num">{r.quotaLeft ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
};

const routes = new Hono<AppEnv>().get("/usage", async (c) => {
  const hours = WINDOWS.find((w) => String(w.hours) === c.req.query("hours"))?.hours ?? 24;
  const rows = await usage(dbOf(c.env.DB), c.env, Date.now() - hours * 3600_000, c.get("team").id);
  return c.render(<UsageView rows={rows} hours={hours} />, { title: { ko: "사용량과 캐시 절감", en: "Usage and cache savings" }, page: PATH });
});

export const usagePage: DashboardPage = { nav: { path: PATH, label: { ko: "사용량", en: "Usage" } }, routes };
