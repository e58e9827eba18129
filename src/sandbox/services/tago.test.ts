/**
 * TAGO quirks the sandbox reproduces, over real HTTP: numeric routeno as a JSON number, one row as
 * a bare object, `items: ""` for no match, XML without `_type`, lowercase item fields with
 * camelCase parameters, and the data.go.kr codes for missing or malformed parameters.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchSandbox, SandboxTenant } from "../../../test/support/sandbox";

const AT = "2026-05-12T09:07:00+09:00";
let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("tago");
  await tenant.configure({ clock: { mode: "fixed", at: AT } });
});

interface TagoBody {
  response: {
    header: { resultCode: string; resultMsg: string };
    body?: { items: { item: unknown } | ""; totalCount: number; numOfRows: number; pageNo: number };
  };
}

function url(path: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ serviceKey: tenant.keys.datagokr, ...params });
  return `${env.SANDBOX_ORIGIN}/apis.data.go.kr/1613000/${path}?${query.toString()}`;
}

async function tago(path: string, params: Record<string, string>): Promise<TagoBody> {
  return (await (await fetchSandbox(url(path, { _type: "json", ...params }))).json()) as TagoBody;
}

describe("BusRouteInfoInqireService", () => {
  it("sends a numeric routeno as a JSON number and a single route as a bare object", async () => {
    const body = await tago("BusRouteInfoInqireService/getRouteNoList", { cityCode: "25", routeNo: "102" });
    expect(body.response.header).toEqual({ resultCode: "00", resultMsg: "NORMAL SERVICE" });
    expect(body.response.body?.totalCount).toBe(1);
    const items = body.response.body?.items;
    expect(items === "" ? undefined : items?.item).toMatchObject({ routeid: "DJB30300001", routeno: 102, routetp: "간선버스", startvehicletime: "0530" });
  });

  it("keeps a route number with letters as a string", async () => {
    const body = await tago("BusRouteInfoInqireService/getRouteNoList", { cityCode: "25", routeNo: "급행" });
    const items = body.response.body?.items;
    expect(items === "" ? undefined : items?.item).toMatchObject({ routeno: "급행1" });
  });

  it("normalises the numeric routeno to a string in the tool's items", async () => {
    const [route] = await tenant.items("tago_route_no_list", { cityCode: "25", routeNo: "102" });
    expect(route?.["routeno"]).toBe("102");
    const arrivals = await tenant.items("tago_stop_arrivals", { cityCode: "25", nodeId: "DJB8001712" });
    for (const a of arrivals) {
      expect(typeof a["routeno"]).toBe("string");
      expect(typeof a["arrtime"]).toBe("number");
    }
  });

  it("answers items \"\" with totalCount 0 when nothing matches, which the tool reads as ok and empty", async () => {
    const body = await tago("BusRouteInfoInqireService/getRouteNoList", { cityCode: "25", routeNo: "9999" });
    expect(body.response.header.resultCode).toBe("00");
    expect(body.response.body).toMatchObject({ items: "", totalCount: 0 });
    const { result } = await tenant.call("tago_route_no_list", { cityCode: "25", routeNo: "9999" });
    expect(result).toEqual({ ok: true, items: [], totalCount: 0, page: 1 });
    // Seoul's code is not a TAGO city: no routes, not an error.
    const seoul = await tenant.call("tago_route_no_list", { cityCode: "11" });
    expect(seoul.result).toMatchObject({ ok: true, items: [] });
  });

  it("answers XML when _type is absent", async () => {
    const res = await fetchSandbox(url("BusRouteInfoInqireService/getRouteNoList", { cityCode: "25", routeNo: "102" }));
    expect(res.headers.get("content-type")).toMatch(/xml/);
    const text = await res.text();
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain("<resultCode>00</resultCode>");
    expect(text).toContain("<routeno>102</routeno>");
  });

  it("answers 11 without cityCode and 10 for a malformed one", async () => {
    expect((await tago("BusRouteInfoInqireService/getRouteNoList", { routeNo: "102" })).response.header.resultCode).toBe("11");
    expect((await tago("BusRouteInfoInqireService/getRouteNoList", { cityCode: "대전" })).response.header.resultCode).toBe("10");
  });

  it("lists a route's stops out and back with order and direction numbers", async () => {
    const body = await tago("BusRouteInfoInqireService/getRouteAcctoThrghSttnList", { cityCode: "25", routeId: "DJB30300001", numOfRows: "100" });
    const items = body.response.body?.items;
    const stops = (items === "" ? [] : items?.item) as Record<string, unknown>[];
    expect(stops).toHaveLength(25);
    expect(stops[0]).toMatchObject({ nodeord: 1, updowncd: 0, nodenm: "대전역", routeid: "DJB30300001" });
    expect(stops[12]).toMatchObject({ nodeord: 13, updowncd: 0, nodenm: "충남대학교" });
    expect(stops[24]).toMatchObject({ nodeord: 25, updowncd: 1, nodenm: "대전역" });
    expect(typeof stops[0]?.["gpslati"]).toBe("number");
  });
});

describe("BusSttnInfoInqireService and ArvlInfoInqireService", () => {
  it("answers lowercase fields with the city code for a camelCase coordinate query", async () => {
    const body = await tago("BusSttnInfoInqireService/getCrdntPrxmtSttnList", { gpsLati: "36.3535", gpsLong: "127.3875" });
    const items = body.response.body?.items;
    const stops = (items === "" ? [] : items?.item) as Record<string, unknown>[];
    expect(stops.length).toBeGreaterThan(0);
    expect(stops[0]).toMatchObject({ citycode: 25, nodenm: "둔산경찰서" });
    expect(Object.keys(stops[0] ?? {})).toEqual(expect.arrayContaining(["nodeid", "nodeno", "gpslati", "gpslong"]));
  });

  it("gives the same arrivals for the same minute and moves them on the next", async () => {
    const params = { cityCode: "25", nodeId: "DJB8001712" };
    const first = await tago("ArvlInfoInqireService/getSttnAcctoArvlPrearngeInfoList", params);
    const again = await tago("ArvlInfoInqireService/getSttnAcctoArvlPrearngeInfoList", params);
    expect(again).toEqual(first);
    const items = first.response.body?.items;
    const arrivals = (items === "" ? [] : items?.item) as Record<string, unknown>[];
    expect(arrivals.length).toBeGreaterThan(0);
    for (const a of arrivals) {
      expect(a).toMatchObject({ nodeid: "DJB8001712", nodenm: "대전시청" });
      expect(typeof a["arrtime"]).toBe("number");
      expect(typeof a["arrprevstationcnt"]).toBe("number");
    }
    await tenant.configure({ clock: { mode: "fixed", at: "2026-05-12T09:09:00+09:00" } });
    const later = await tago("ArvlInfoInqireService/getSttnAcctoArvlPrearngeInfoList", params);
    expect(later).not.toEqual(first);
    await tenant.configure({ clock: { mode: "fixed", at: AT } });
  });

  it("has no buses at 03:00 except the all-night route", async () => {
    await tenant.configure({ clock: { mode: "fixed", at: "2026-05-12T03:00:00+09:00" } });
    const quiet = await tago("ArvlInfoInqireService/getSttnAcctoArvlPrearngeInfoList", { cityCode: "25", nodeId: "DJB8001712" });
    expect(quiet.response.body?.items).toBe("");
    const night = await tenant.items("tago_stop_arrivals", { cityCode: "21", nodeId: "BSB164351901" });
    expect(night.map((a) => a["routeno"])).toEqual(["1003"]);
    await tenant.configure({ clock: { mode: "fixed", at: AT } });
  });
});
