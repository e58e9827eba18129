/**
 * TourAPI (KorService2) quirks the sandbox reproduces, over real HTTP: "0000"/"OK", mandatory
 * MobileOS/MobileApp, XML without `_type`, string-only item values, a single item as an object,
 * `items: ""` for no match, the 20 km radius limit; every row's classification (lclsSystm1/2/3)
 * is a class of the code list that agrees with its content type.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";
import type { Row, SandboxRequest } from "../operation";
import { TOUR_CONTENT } from "../world/tour";
import { LCLS_NAMES } from "../world/tour-classes";
import { REAL_CONTENT_IDS, SANDBOX_CONTENT_IDS_FROM } from "../world/tour-spots";
import { TOURAPI_OPERATIONS } from "./tourapi";

let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("tourapi");
  await tenant.configure({ clock: { mode: "fixed", at: "2026-05-12T09:07:00+09:00" } });
});

interface TourBody {
  response: {
    header: { resultCode: string; resultMsg: string };
    body?: { items: { item: unknown } | ""; totalCount: number; numOfRows: number; pageNo: number };
  };
}

const COMMON = { MobileOS: "ETC", MobileApp: "kopa-edge" };

function url(op: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ serviceKey: tenant.keys.datagokr, ...params });
  return `${env.SANDBOX_ORIGIN}/apis.data.go.kr/B551011/KorService2/${op}?${query.toString()}`;
}

async function tour(op: string, params: Record<string, string>): Promise<TourBody> {
  return (await (await fetch(url(op, { _type: "json", ...COMMON, ...params }))).json()) as TourBody;
}

describe("KorService2", () => {
  it("answers 0000/OK with every item value a string and one item as a bare object", async () => {
    const body = await tour("detailCommon2", { contentId: "126508" });
    expect(body.response.header).toEqual({ resultCode: "0000", resultMsg: "OK" });
    const items = body.response.body?.items;
    const item = (items === "" ? undefined : items?.item) as Record<string, unknown>;
    expect(Array.isArray(item)).toBe(false);
    expect(item).toMatchObject({ contentid: "126508", contenttypeid: "12", title: "경복궁", areacode: "1", sigungucode: "23", lDongRegnCd: "11", lDongSignguCd: "110" });
    for (const value of Object.values(item)) expect(typeof value).toBe("string");
    expect(item["mapx"]).toMatch(/^126\.97\d{8}$/);
    expect(item["homepage"]).toMatch(/^<a href=/);
    expect(item["addr1"]).toBe("서울특별시 종로구 사직로 161");
  });

  it("lists the 17 areas and, for one, its districts in 가나다 order", async () => {
    const areas = await tour("areaCode2", { numOfRows: "50" });
    const rows = (areas.response.body?.items === "" ? [] : areas.response.body?.items.item) as Record<string, unknown>[];
    expect(rows).toHaveLength(17);
    expect(rows[0]).toEqual({ rnum: 1, code: "1", name: "서울" });
    const seoul = await tour("areaCode2", { areaCode: "1", numOfRows: "50" });
    const gu = (seoul.response.body?.items === "" ? [] : seoul.response.body?.items.item) as Record<string, unknown>[];
    expect(gu.map((g) => g["name"]).slice(0, 3)).toEqual(["강남구", "강동구", "강북구"]);
    expect(gu[24]).toMatchObject({ code: "25", name: "중랑구" });
  });

  it("answers items \"\" with totalCount 0 for an unknown content id", async () => {
    const body = await tour("detailCommon2", { contentId: "999999999" });
    expect(body.response.header.resultCode).toBe("0000");
    expect(body.response.body).toMatchObject({ items: "", totalCount: 0 });
    const { result } = await tenant.call("tour_detail_common", { contentId: "999999999" });
    expect(result).toMatchObject({ ok: true, items: [], totalCount: 0 });
  });

  it("answers XML when _type is absent", async () => {
    const res = await fetch(url("searchKeyword2", { ...COMMON, keyword: "경복궁" }));
    const text = await res.text();
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain("<resultCode>0000</resultCode>");
    expect(text).toContain("<title>경복궁</title>");
  });

  it("refuses a call without MobileOS (11) and a radius over 20 km (10)", async () => {
    const query = new URLSearchParams({ serviceKey: tenant.keys.datagokr, _type: "json", MobileApp: "x", contentId: "126508" });
    const missing = (await (await fetch(`${env.SANDBOX_ORIGIN}/apis.data.go.kr/B551011/KorService2/detailCommon2?${query.toString()}`)).json()) as TourBody;
    expect(missing.response.header.resultCode).toBe("11");
    const wide = await tour("locationBasedList2", { mapX: "126.977", mapY: "37.5796", radius: "20001" });
    expect(wide.response.header.resultCode).toBe("10");
  });

  it("adds dist to location results and event dates to festival results", async () => {
    const near = await tour("locationBasedList2", { mapX: "126.977", mapY: "37.5796", radius: "500", arrange: "E" });
    const spots = (near.response.body?.items === "" ? [] : near.response.body?.items.item) as Record<string, unknown>[];
    expect(spots[0]).toMatchObject({ title: "경복궁" });
    expect(Number(spots[0]?.["dist"])).toBeLessThan(5);
    const festivals = await tour("searchFestival2", { eventStartDate: "20260925", eventEndDate: "20261015", areaCode: "1" });
    const rows = (festivals.response.body?.items === "" ? [] : festivals.response.body?.items.item) as Record<string, unknown>[];
    expect(rows.map((r) => r["title"])).toContain("서울세계불꽃축제");
    for (const r of rows) expect(String(r["eventstartdate"])).toMatch(/^2026\d{4}$/);
  });

  it("has an intro only under the content's own type", async () => {
    const right = await tenant.items("tour_detail_intro", { contentId: "126508", contentTypeId: 12 });
    expect(right[0]).toMatchObject({ restdate: "매주 화요일" });
    const wrong = await tenant.call("tour_detail_intro", { contentId: "126508", contentTypeId: 39 });
    expect(wrong.result).toMatchObject({ ok: true, items: [] });
  });

  it("resolves every listed content id in detailCommon2 and detailIntro2", () => {
    const handler = (id: string) => {
      const op = TOURAPI_OPERATIONS.find((o) => o.id === `tourapi.${id}`);
      if (!op) throw new Error(`no ${id}`);
      return (query: Record<string, string>) => {
        const request: SandboxRequest = { query: { ...COMMON, ...query }, path: {}, body: undefined, now: new Date("2026-05-12T00:07:00Z") };
        const answer = op.handle(request);
        return (Array.isArray(answer) ? answer : answer.rows) as Row[];
      };
    };
    const list = handler("areaBasedList2");
    const common = handler("detailCommon2");
    const intro = handler("detailIntro2");
    const listed = list({});
    expect(listed).toHaveLength(TOUR_CONTENT.length);
    for (const row of listed) {
      const contentId = String(row["contentid"]);
      expect(common({ contentId }), contentId).toHaveLength(1);
      expect(intro({ contentId, contentTypeId: String(row["contenttypeid"]) }), contentId).toHaveLength(1);
    }
  });

  it("classifies every content with a listed class (lclsSystm1/2/3) its content type allows, and filters by it", async () => {
    // The service's content type / class table: which level-2 classes each content type holds.
    const allowed: Record<number, RegExp> = {
      12: /^(EX0[1-7]|HS0[1-4]|NA0[1-5]|VE0[1-5])$/,
      14: /^(VE0[6-9]|VE12)$/,
      15: /^EV0[1-3]$/,
      25: /^C011[2-7]$/,
      28: /^(LS0[1-4]|AC05|VE1[02])$/,
      32: /^AC0[1-46]$/,
      38: /^SH0[1-7]$/,
      39: /^FD0[1-5]$/,
    };
    for (const c of TOUR_CONTENT) {
      const { lclsSystm1, lclsSystm2, lclsSystm3 } = c.lcls;
      expect(LCLS_NAMES[lclsSystm3], `${c.title} ${lclsSystm3}`).toBeDefined();
      expect(lclsSystm3.startsWith(lclsSystm2) && lclsSystm2.startsWith(lclsSystm1), c.title).toBe(true);
      expect(lclsSystm2, `${c.title} (${c.contenttypeid})`).toMatch(allowed[c.contenttypeid] ?? /^$/);
    }
    const byTitle = (title: string) => TOUR_CONTENT.find((c) => c.title === title)?.lcls;
    expect(byTitle("경복궁")).toEqual({ lclsSystm1: "HS", lclsSystm2: "HS01", lclsSystm3: "HS010100" });
    expect(byTitle("국립중앙박물관")).toEqual({ lclsSystm1: "VE", lclsSystm2: "VE07", lclsSystm3: "VE070100" });
    expect(byTitle("정릉")?.lclsSystm3).toBe("HS010800");

    const palaces = await tour("areaBasedList2", { areaCode: "1", lclsSystm1: "HS", lclsSystm2: "HS01", lclsSystm3: "HS010100", numOfRows: "50" });
    const rows = (palaces.response.body?.items === "" ? [] : palaces.response.body?.items.item) as Record<string, unknown>[];
    expect(rows.map((r) => r["title"])).toEqual(expect.arrayContaining(["경복궁", "창덕궁과 후원", "덕수궁"]));
    for (const r of rows) expect(r).toMatchObject({ lclsSystm1: "HS", lclsSystm2: "HS01", lclsSystm3: "HS010100" });
  });

  it("uses a content's real id where one is known and otherwise an id no real content can have", () => {
    const real = new Map(Object.entries(REAL_CONTENT_IDS).map(([title, { id }]) => [String(id), title]));
    for (const c of TOUR_CONTENT) {
      const known = REAL_CONTENT_IDS[c.title];
      if (known) expect(c.contentid, c.title).toBe(String(known.id));
      else expect(Number(c.contentid), `${c.title} ${c.contentid}`).toBeGreaterThanOrEqual(SANDBOX_CONTENT_IDS_FROM);
      // A real id is never given to another place.
      if (real.has(c.contentid)) expect(c.title).toBe(real.get(c.contentid));
    }
    expect(TOUR_CONTENT.find((c) => c.title === "남산골한옥마을")?.contentid).toBe("126747");
  });
});
