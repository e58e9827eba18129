/**
 * NPS V2 behaviour the sandbox reproduces: XML unless dataType=json, the latest 자료생성년월 one
 * month behind the clock, one row as a bare object, `items: ""` outside a workplace's months,
 * and a business number that only matches on its first six digits.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";
import { BUSINESSES } from "../world/businesses";

let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("nps");
  await tenant.configure({ clock: { mode: "fixed", at: "2026-03-10T09:00:00+09:00" } });
});

type Json = Record<string, unknown>;

function url(op: string, params: Record<string, string>): string {
  return `${env.SANDBOX_ORIGIN}/apis.data.go.kr/B552015/NpsBplcInfoInqireServiceV2/${op}?${new URLSearchParams({ serviceKey: tenant.keys.datagokr, ...params }).toString()}`;
}

async function nps(op: string, params: Record<string, string>): Promise<Json> {
  const doc = (await (await fetch(url(op, { dataType: "json", ...params }))).json()) as { response: { body: Json } };
  return doc.response.body;
}

const business = BUSINESSES.find((b) => b.workplace && !b.workplace.scsnDt);

describe("가입 사업장 내역", () => {
  it("answers XML without dataType", async () => {
    const text = await (await fetch(url("getBassInfoSearchV2", { ldongAddrMgplSgguCd: "11110" }))).text();
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain("<dataCrtYm>202602</dataCrtYm>");
  });

  it("matches the 6-digit prefix of the business number, never the full number", async () => {
    if (!business) throw new Error("the world has no open workplace");
    const byPrefix = await nps("getBassInfoSearchV2", { bzowrRgstNo: business.bNo.slice(0, 6) });
    const found = (byPrefix["items"] as { item: Json | Json[] }).item;
    expect([found].flat().map((w) => w["seq"])).toContain(Number(business.workplace?.seq));
    expect(await nps("getBassInfoSearchV2", { bzowrRgstNo: business.bNo })).toMatchObject({ items: "", totalCount: 0 });
  });

  it("sends the detail of one workplace as a bare object", async () => {
    if (!business?.workplace) throw new Error("the world has no open workplace");
    const body = await nps("getDetailInfoSearchV2", { seq: business.workplace.seq });
    const item = (body["items"] as { item: Json }).item;
    expect(Array.isArray(item)).toBe(false);
    expect(item).toMatchObject({ wkplNm: business.name, bzowrRgstNo: business.bNo.slice(0, 6), jnngpCnt: business.employees, wkplJnngStcd: "1" });
  });

  it("has monthly flows only for published months after enrolment", async () => {
    if (!business?.workplace) throw new Error("the world has no open workplace");
    const seq = business.workplace.seq;
    expect((await nps("getPdAcctoSttusInfoSearchV2", { seq, dataCrtYm: "202602" }))["totalCount"]).toBe(1);
    expect(await nps("getPdAcctoSttusInfoSearchV2", { seq, dataCrtYm: "202603" })).toMatchObject({ items: "", totalCount: 0 });
    const before = String(Number(business.workplace.adptDt.slice(0, 4)) - 1);
    expect(await nps("getPdAcctoSttusInfoSearchV2", { seq, dataCrtYm: `${before}12` })).toMatchObject({ items: "" });
  });
});
