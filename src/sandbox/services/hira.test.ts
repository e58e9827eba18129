/**
 * HIRA quirks the sandbox reproduces over real HTTP: XML without `_type=json`, numbers where the
 * gateway's JSON conversion makes them (but not zero-led codes), one row as a bare object,
 * `items: ""` for an unknown ykiho, HIRA's own 6-digit region codes, and xPos without yPos
 * refused as a missing parameter.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";
import { HIRA_SGGU } from "../world/hospitals";
import { SIGUNGUS } from "../world/regions";

let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("hira");
});

type Json = Record<string, unknown>;

function url(path: string, params: Record<string, string>): string {
  return `${env.SANDBOX_ORIGIN}/apis.data.go.kr/B551182/${path}?${new URLSearchParams({ ServiceKey: tenant.keys.datagokr, ...params }).toString()}`;
}

async function hira(path: string, params: Record<string, string>): Promise<{ header: Json; body: Json }> {
  const doc = (await (await fetch(url(path, { _type: "json", ...params }))).json()) as { response: { header: Json; body: Json } };
  return doc.response;
}

function itemsOf(body: Json): unknown {
  const items = body["items"];
  return typeof items === "object" && items !== null && "item" in items ? items.item : items;
}

describe("병원정보서비스", () => {
  it("answers XML when _type is not given", async () => {
    const res = await fetch(url("hospInfoServicev2/getHospBasisList", { yadmNm: "서울아산병원" }));
    const body = await res.text();
    expect(res.headers.get("content-type")).toContain("xml");
    expect(body).toContain("<yadmNm>서울아산병원</yadmNm>");
    expect(body).toContain("<sgguCd>110018</sgguCd>");
  });

  it("types values as the gateway's JSON conversion does and sends one row as an object", async () => {
    const { header, body } = await hira("hospInfoServicev2/getHospBasisList", { yadmNm: "삼성서울병원" });
    expect(header).toEqual({ resultCode: "00", resultMsg: "NORMAL SERVICE." });
    const item = itemsOf(body) as Json;
    expect(Array.isArray(item)).toBe(false);
    expect(item).toMatchObject({ yadmNm: "삼성서울병원", clCd: "01", sidoCd: 110000, sgguCd: 110001, postNo: "06351", estbDd: 19941109 });
    expect(typeof item["XPos"]).toBe("number");
  });

  it("uses HIRA's own 시군구 codes, one per district of the region backbone", () => {
    const codes = SIGUNGUS.map((s) => HIRA_SGGU[s.code]?.code);
    expect(codes.every((c) => c !== undefined && /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(HIRA_SGGU["11260"]).toEqual({ code: "110019", name: "중랑구" });
  });

  it("refuses xPos without yPos as a missing parameter", async () => {
    const { header } = await hira("hospInfoServicev2/getHospBasisList", { xPos: "127.0363", radius: "1000" });
    expect(header).toEqual({ resultCode: "11", resultMsg: "NO_MANDATORY_REQUEST_PARAMETERS_ERROR" });
  });

  it("reports a coordinate search's distance and keeps within the radius", async () => {
    const { body } = await hira("pharmacyInfoService/getParmacyBasisList", { xPos: "126.9769", yPos: "37.5720", radius: "800", numOfRows: "50" });
    const items = itemsOf(body) as Json[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Number(item["distance"])).toBeLessThanOrEqual(800);
  });
});

describe("의료기관별상세정보서비스 2.7", () => {
  it("answers an unknown ykiho with items as an empty string", async () => {
    const { header, body } = await hira("MadmDtlInfoService2.7/getDtlInfo2.7", { ykiho: "JDEyMzQ1NiMxMSMkMSMkMA==" });
    expect(header["resultCode"]).toBe("00");
    expect(body).toMatchObject({ items: "", totalCount: 0 });
  });

  it("requires ykiho", async () => {
    const { header } = await hira("MadmDtlInfoService2.7/getDgsbjtInfo2.7", {});
    expect(header["resultCode"]).toBe("11");
  });

  it("writes opening times as HHMM, zero-led ones as strings", async () => {
    const { body: list } = await hira("hospInfoServicev2/getHospBasisList", { yadmNm: "서울대학교병원", sgguCd: "110016" });
    const hospital = itemsOf(list) as Json;
    const { body } = await hira("MadmDtlInfoService2.7/getDtlInfo2.7", { ykiho: String(hospital["ykiho"]) });
    expect(itemsOf(body)).toMatchObject({ trmtMonStart: "0830", trmtMonEnd: 1730, emyNgtYn: "Y", noTrmtSun: "휴진" });
  });
});
