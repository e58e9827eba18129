/**
 * KMA quirks the sandbox reproduces, over real HTTP on a tenant fixed at 2026-11-24 09:00 KST:
 * publication windows (10 for a base time never issued, 03 for one not yet out or too old),
 * numeric nx/ny and time stamps, the mid-term outlook as a bare item object, text amounts; a
 * request answered as of an earlier instant (a synthesised example's own) by those windows too.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AS_OF_HEADER } from "../../sandbox/as-of";
import { SandboxTenant } from "../../../test/support/sandbox";

const AT = "2026-11-24T09:00:00+09:00";
let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("kma");
  await tenant.configure({ clock: { mode: "fixed", at: AT } });
});

interface KmaBody {
  response: {
    header: { resultCode: string; resultMsg: string };
    body?: { dataType: string; items: { item: unknown }; totalCount: number; numOfRows: number; pageNo: number };
  };
}

async function kma(path: string, params: Record<string, string>, asOf?: string): Promise<KmaBody> {
  const query = new URLSearchParams({ serviceKey: tenant.keys.datagokr, dataType: "JSON", ...params });
  const res = await fetch(`${env.SANDBOX_ORIGIN}/apis.data.go.kr/1360000/${path}?${query.toString()}`, asOf === undefined ? {} : { headers: { [AS_OF_HEADER]: asOf } });
  return (await res.json()) as KmaBody;
}

const rows = (body: KmaBody) => body.response.body?.items.item as Record<string, unknown>[];
const GRID = { nx: "60", ny: "127" };

describe("VilageFcstInfoService_2.0", () => {
  it("refuses base times the product is never issued at with 10", async () => {
    const cases: [string, string][] = [
      ["VilageFcstInfoService_2.0/getUltraSrtNcst", "0830"],
      ["VilageFcstInfoService_2.0/getUltraSrtFcst", "0800"],
      ["VilageFcstInfoService_2.0/getVilageFcst", "0900"],
    ];
    for (const [path, baseTime] of cases) {
      const body = await kma(path, { base_date: "20261124", base_time: baseTime, ...GRID });
      expect(body.response.header, `${path} ${baseTime}`).toEqual({ resultCode: "10", resultMsg: "INVALID_REQUEST_PARAMETER_ERROR" });
    }
  });

  it("answers 03 for a base not yet published and for one older than a day", async () => {
    const cases: [string, string, string, string][] = [
      ["getVilageFcst", "20261124", "1100", "03"], // issued at 11:00, the clock says 09:00
      ["getUltraSrtFcst", "20261124", "0830", "00"], // out from 08:45
      ["getUltraSrtFcst", "20261124", "0930", "03"],
      ["getVilageFcst", "20261123", "0800", "03"], // 25 hours old
    ];
    for (const [path, date, time, code] of cases) {
      const body = await kma(`VilageFcstInfoService_2.0/${path}`, { base_date: date, base_time: time, ...GRID });
      expect(body.response.header.resultCode, `${path} ${date} ${time}`).toBe(code);
    }
  });

  it("answers as of an earlier instant asked for, by the windows of that instant, and never after its clock", async () => {
    const observation = { base_date: "20260714", base_time: "1500", ...GRID };
    // Four months before the clock: too old for the service at the clock, the latest at 15:40 that day.
    expect((await kma("VilageFcstInfoService_2.0/getUltraSrtNcst", observation)).response.header.resultCode).toBe("03");
    const then = await kma("VilageFcstInfoService_2.0/getUltraSrtNcst", observation, "2026-07-14T15:40:00+09:00");
    expect(then.response.header.resultCode).toBe("00");
    expect(rows(then).map((r) => r["baseDate"])).toContain("20260714");
    // Not yet out at 15:20 that day; and an instant after the clock is answered at the clock.
    expect((await kma("VilageFcstInfoService_2.0/getUltraSrtNcst", observation, "2026-07-14T15:20:00+09:00")).response.header.resultCode).toBe("03");
    expect((await kma("VilageFcstInfoService_2.0/getUltraSrtNcst", { base_date: "20261124", base_time: "1100", ...GRID }, "2026-11-24T11:45:00+09:00")).response.header.resultCode).toBe("03");
  });

  it("answers 11 when nx is missing and 10 when it is off the grid", async () => {
    expect((await kma("VilageFcstInfoService_2.0/getUltraSrtNcst", { base_date: "20261124", base_time: "0800", ny: "127" })).response.header.resultCode).toBe("11");
    expect((await kma("VilageFcstInfoService_2.0/getUltraSrtNcst", { base_date: "20261124", base_time: "0800", nx: "150", ny: "127" })).response.header.resultCode).toBe("10");
  });

  it("sends nx/ny as numbers and values as strings, with the real default of 10 rows", async () => {
    const body = await kma("VilageFcstInfoService_2.0/getVilageFcst", { base_date: "20261124", base_time: "0800", ...GRID });
    expect(body.response.header).toEqual({ resultCode: "00", resultMsg: "NORMAL_SERVICE" });
    expect(body.response.body).toMatchObject({ dataType: "JSON", numOfRows: 10, pageNo: 1 });
    expect(body.response.body?.totalCount).toBeGreaterThan(800);
    const first = rows(body)[0];
    expect(first).toMatchObject({ baseDate: "20261124", baseTime: "0800", category: "TMP", fcstDate: "20261124", fcstTime: "0900", nx: 60, ny: 127 });
    expect(typeof first?.["fcstValue"]).toBe("string");
  });

  it("words precipitation and snow as text and gives TMN/TMX once a day", async () => {
    const body = await kma("VilageFcstInfoService_2.0/getVilageFcst", { base_date: "20261124", base_time: "0800", ...GRID, numOfRows: "1000" });
    const all = rows(body);
    for (const row of all.filter((r) => r["category"] === "PCP")) expect(row["fcstValue"]).toMatch(/^(강수없음|1mm 미만|\d+\.\dmm|30\.0~50\.0mm|50\.0mm 이상)$/);
    for (const row of all.filter((r) => r["category"] === "SNO")) expect(row["fcstValue"]).toMatch(/^(적설없음|1cm 미만|\d+\.\dcm|5\.0cm 이상)$/);
    expect(all.filter((r) => r["category"] === "TMN").map((r) => r["fcstTime"])).toEqual(["0600", "0600", "0600"]);
    expect(new Set(all.filter((r) => r["category"] === "TMX").map((r) => r["fcstTime"]))).toEqual(new Set(["1500"]));
  });

  it("runs an 0800 issue through 글피 and a 1700 issue through 그글피, worded qualitatively on the fifth day", async () => {
    const lastRow = async (date: string, time: string) => {
      const first = await kma("VilageFcstInfoService_2.0/getVilageFcst", { base_date: date, base_time: time, ...GRID, numOfRows: "1000" });
      const pages = Math.ceil((first.response.body?.totalCount ?? 0) / 1000);
      const body = await kma("VilageFcstInfoService_2.0/getVilageFcst", { base_date: date, base_time: time, ...GRID, numOfRows: "1000", pageNo: String(pages) });
      return { all: rows(body), last: rows(body).at(-1) };
    };
    expect((await lastRow("20261124", "0800")).last).toMatchObject({ fcstDate: "20261127", fcstTime: "2300" });
    const evening = await lastRow("20261123", "1700");
    expect(evening.last).toMatchObject({ fcstDate: "20261127", fcstTime: "2300" });
    const fifthDay = evening.all.filter((r) => r["fcstDate"] === "20261127");
    for (const row of fifthDay.filter((r) => r["category"] === "PCP")) expect(row["fcstValue"]).toMatch(/^(강수없음|약한 비|비|강한 비)$/);
    for (const row of fifthDay.filter((r) => r["category"] === "WSD")) expect(row["fcstValue"]).toMatch(/^(약한 바람|약간 강한 바람|강한 바람)$/);
  });

  it("gives the same answer to the same question", async () => {
    const params = { base_date: "20261124", base_time: "0830", ...GRID, numOfRows: "60" };
    expect(await kma("VilageFcstInfoService_2.0/getUltraSrtFcst", params)).toEqual(await kma("VilageFcstInfoService_2.0/getUltraSrtFcst", params));
  });
});

describe("MidFcstInfoService", () => {
  it("returns the outlook text as a bare item object", async () => {
    const body = await kma("MidFcstInfoService/getMidFcst", { stnId: "109", tmFc: "202611240600" });
    const item = body.response.body?.items.item;
    expect(Array.isArray(item)).toBe(false);
    expect((item as { wfSv: string }).wfSv).toContain("○ (기온)");
  });

  it("accepts only the 06/18 issues, answers 03 before an issue and for unknown ids", async () => {
    expect((await kma("MidFcstInfoService/getMidTa", { regId: "11B10101", tmFc: "202611240900" })).response.header.resultCode).toBe("10");
    expect((await kma("MidFcstInfoService/getMidTa", { regId: "11B10101", tmFc: "202611241800" })).response.header.resultCode).toBe("03");
    expect((await kma("MidFcstInfoService/getMidLandFcst", { regId: "11Z00000", tmFc: "202611240600" })).response.header.resultCode).toBe("03");
    expect((await kma("MidFcstInfoService/getMidTa", { regId: "11B10101", tmFc: "202611231800" })).response.header.resultCode).toBe("00");
  });

  it("gives land periods 3Am…10 and temperatures as numbers", async () => {
    const land = rows(await kma("MidFcstInfoService/getMidLandFcst", { regId: "11H20000", tmFc: "202611240600" }))[0];
    expect(land).toMatchObject({ regId: "11H20000" });
    expect(typeof land?.["rnSt3Am"]).toBe("number");
    expect(typeof land?.["wf10"]).toBe("string");
    const ta = rows(await kma("MidFcstInfoService/getMidTa", { regId: "11H20201", tmFc: "202611240600" }))[0];
    expect(typeof ta?.["taMin3"]).toBe("number");
    expect(Number(ta?.["taMax3"])).toBeGreaterThanOrEqual(Number(ta?.["taMin3"]));
  });
});

describe("WthrWrnInfoService and EqkInfoService", () => {
  it("reports the warning status issued before now, with numeric time stamps", async () => {
    const [status] = rows(await kma("WthrWrnInfoService/getPwnStatus", {}));
    expect(typeof status?.["tmFc"]).toBe("number");
    expect(String(status?.["tmFc"]) <= "202611240900").toBe(true);
    expect(String(status?.["t6"])).toMatch(/^o /);
  });

  it("lists recent quakes newest first and answers 03 for a range older than three days", async () => {
    const recent = rows(await kma("EqkInfoService/getEqkMsg", { fromTmFc: "20261117", toTmFc: "20261124" }));
    expect(recent.length).toBeGreaterThan(0);
    for (const quake of recent) {
      expect(typeof quake["tmEqk"]).toBe("number");
      expect(String(quake["tmEqk"])).toMatch(/^\d{14}$/);
      expect(String(quake["tmFc"]) >= "202611210900").toBe(true);
    }
    const times = recent.map((q) => Number(q["tmFc"]));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const old = await kma("EqkInfoService/getEqkMsg", { fromTmFc: "20261110", toTmFc: "20261120" });
    expect(old.response.header).toEqual({ resultCode: "03", resultMsg: "NO_DATA" });
  });
});
