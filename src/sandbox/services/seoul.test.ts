/**
 * Seoul open-API quirks the sandbox reproduces, over real HTTP: key, format and row range in the
 * path, string-only rows, INFO-200 for no data, ERROR-335 for the `sample` key beyond five rows,
 * ERROR-336 beyond 1000 rows, and swopenAPI's errorMessage wrapper.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";

let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("seoul");
  await tenant.configure({ clock: { mode: "fixed", at: "2026-05-12T09:07:00+09:00" } });
});

const openapi = (key: string, path: string) => `${env.SANDBOX_ORIGIN}/openapi.seoul.go.kr/${key}/json/${path}`;
const swopen = (key: string, path: string) => `${env.SANDBOX_ORIGIN}/swopenapi.seoul.go.kr/api/subway/${key}/json/${path}`;

async function json(url: string): Promise<Record<string, unknown>> {
  return (await (await fetch(url)).json()) as Record<string, unknown>;
}

describe("swopenAPI realtimeStationArrival", () => {
  it("wraps the rows in errorMessage INFO-000 with every value a string", async () => {
    const body = await json(swopen(tenant.keys.seoul_subway, `realtimeStationArrival/1/20/${encodeURIComponent("강남")}`));
    expect(body["errorMessage"]).toMatchObject({ status: 200, code: "INFO-000" });
    const rows = body["realtimeArrivalList"] as Record<string, unknown>[];
    expect(new Set(rows.map((r) => r["subwayId"]))).toEqual(new Set(["1002", "1077"]));
    for (const row of rows) {
      expect(row["statnNm"]).toBe("강남");
      for (const value of Object.values(row)) expect(typeof value).toBe("string");
    }
    expect(rows.find((r) => r["subwayId"] === "1002")?.["statnId"]).toBe("1002000222");
  });

  it("keys each arrival with ordkey: direction, rank in that direction, stations to go, destination, express", async () => {
    const body = await json(swopen(tenant.keys.seoul_subway, `realtimeStationArrival/1/20/${encodeURIComponent("강남")}`));
    const rows = body["realtimeArrivalList"] as Record<string, string>[];
    const seen = new Map<string, number>();
    for (const row of rows) {
      const key = `${row["subwayId"]}|${row["updnLine"]}`;
      const rank = (seen.get(key) ?? 0) + 1;
      seen.set(key, rank);
      const direction = row["updnLine"] === "상행" || row["updnLine"] === "내선" ? "0" : "1";
      expect(row["ordkey"]).toMatch(new RegExp(`^${direction}${rank}\\d{3}${row["bstatnNm"]}${row["btrainSttus"] === "급행" ? "1" : "0"}$`));
    }
  });

  it("answers INFO-200 for a name with the trailing 역, which the tool reads as empty", async () => {
    const body = await json(swopen(tenant.keys.seoul_subway, `realtimeStationArrival/1/5/${encodeURIComponent("강남역")}`));
    expect(body).toMatchObject({ code: "INFO-200" });
    const { result } = await tenant.call("seoul_subway_arrivals", { statnNm: "강남역" });
    expect(result).toMatchObject({ ok: true, items: [] });
  });

  it("announces the first trains at night", async () => {
    await tenant.configure({ clock: { mode: "fixed", at: "2026-05-12T02:00:00+09:00" } });
    const trains = await tenant.items("seoul_subway_arrivals", { statnNm: "시청" });
    for (const t of trains) expect(Number(t["barvlDt"])).toBeGreaterThan(3 * 3600);
    await tenant.configure({ clock: { mode: "fixed", at: "2026-05-12T09:07:00+09:00" } });
  });
});

describe("openapi.seoul.go.kr", () => {
  it("finds stations by name, one row per line", async () => {
    const body = await json(openapi(tenant.keys.seoul, `SearchInfoBySubwayNameService/1/10/${encodeURIComponent("서울")}`));
    const service = body["SearchInfoBySubwayNameService"] as { list_total_count: number; RESULT: { CODE: string }; row: Record<string, string>[] };
    expect(service.RESULT.CODE).toBe("INFO-000");
    expect(service.row.filter((r) => r.STATION_NM === "서울").map((r) => r.LINE_NUM).sort()).toEqual(["01호선", "04호선", "공항철도"]);
  });

  it("serves 따릉이 rows as strings and refuses more than 1000 rows with ERROR-336", async () => {
    const body = await json(openapi(tenant.keys.seoul, "bikeList/1/1000/"));
    const status = body["rentBikeStatus"] as { RESULT: { CODE: string }; row: Record<string, unknown>[] };
    expect(status.RESULT.CODE).toBe("INFO-000");
    expect(status.row.length).toBeGreaterThan(400);
    for (const value of Object.values(status.row[0] ?? {})) expect(typeof value).toBe("string");
    const tooMany = await json(openapi(tenant.keys.seoul, "bikeList/1/1001/"));
    expect(tooMany).toEqual({ RESULT: { CODE: "ERROR-336", MESSAGE: expect.any(String) } });
  });

  it("gives the sample key five rows at most (ERROR-335)", async () => {
    const five = await json(openapi("sample", "bikeList/1/5/"));
    expect((five["rentBikeStatus"] as { row: unknown[] }).row).toHaveLength(5);
    const six = await json(openapi("sample", "bikeList/1/6/"));
    expect(six).toMatchObject({ RESULT: { CODE: "ERROR-335" } });
  });
});
