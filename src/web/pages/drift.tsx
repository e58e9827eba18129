/** Drift: tools whose real answers changed shape, with the edges that went stale (newest first). */
import { Hono } from "hono";
import type { AppEnv } from "../../app/new-app";
import { dbOf } from "../../db/client";
import { listDrift, type DriftKind, type DriftRow } from "../../graph/store";
import { kstTime } from "../format";
import { L } from "../i18n";
import type { DashboardPage } from "../page";

const PATH = "/ui/drift";

const Fields = ({ names, sign }: { names: string[]; sign: string }) => (
  <>
    {names.map((n) => (
      <code style="display:block">
        {sign} {n}
      </code>
    ))}
  </>
);

/** What an event says, in words: the fields changed, every call fails (the fields listed are the last seen), or it answers again. */
const KIND_LABEL: Record<DriftKind, { ko: string; en: string }> = {
  fields: { ko: "필드 변경", en: "Fields changed" },
  failing: { ko: "호출 실패", en: "Failing" },
  recovered: { ko: "복구", en: "Recovered" },
};

const DriftTable = ({ events }: { events: DriftRow[] }) =>
  events.length === 0 ? (
    <p class="card muted" id="no-drift">
      <L ko="기록된 드리프트가 없습니다. 예약된 재검증이 도구 응답의 형태 변화를 찾으면 여기에 나타납니다." en="No drift recorded. The scheduled re-verification lists here any tool whose answers change shape." />
    </p>
  ) : (
    <div class="scroll">
      <table id="drift">
        <thead>
          <tr>
            <th>
              <L ko="시각 (KST)" en="When (KST)" />
            </th>
            <th>
              <L ko="도구" en="Tool" />
            </th>
            <th>
              <L ko="종류" en="Kind" />
            </th>
            <th>
              <L ko="사라진 필드" en="Removed" />
            </th>
            <th>
              <L ko="새 필드" en="Added" />
            </th>
            <th>
              <L ko="형식 변경" en="Retyped" />
            </th>
            <th>
              <L ko="낡은 연결" en="Stale edges" />
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr data-tool={e.tool} data-kind={e.kind}>
              <td>{kstTime(e.at)}</td>
              <td>
                <a href={`/ui/catalog/${e.tool}`}>
                  <code>{e.tool}</code>
                </a>
              </td>
              <td>
                <L {...KIND_LABEL[e.kind]} />
              </td>
              <td>
                <Fields names={e.removed} sign="−" />
              </td>
              <td>
                <Fields names={e.added} sign="+" />
              </td>
              <td>
                {e.retyped.map((n) => (
                  <code style="display:block">
                    {n}: {e.before[n]} → {e.after[n]}
                  </code>
                ))}
              </td>
              <td>
                {e.staleEdges.map((id) => (
                  <a href={`/ui/graph/edges/${encodeURIComponent(id)}`} style="display:block">
                    <code>{id}</code>
                  </a>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

const routes = new Hono<AppEnv>().get("/drift", async (c) =>
  c.render(<DriftTable events={await listDrift(dbOf(c.env.DB))} />, { title: { ko: "API 드리프트", en: "API drift" }, page: PATH }),
);

export const driftPage: DashboardPage = { nav: { path: PATH, label: { ko: "드리프트", en: "Drift" } }, routes };
