/**
 * MFDS quirks the sandbox reproduces over real HTTP: no `response` wrapper and `body.items` as a
 * plain array in JSON, XML without `type=json`, string values with nulls for missing Q&A, the
 * snake_case `item_name` of 낱알식별, and the soft 404 of an unmatched itemSeq.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";
import { isValidBNo } from "../world/businesses";

let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("mfds");
});

type Json = Record<string, unknown>;

function url(path: string, params: Record<string, string>): string {
  return `${env.SANDBOX_ORIGIN}/apis.data.go.kr/1471000/${path}?${new URLSearchParams({ serviceKey: tenant.keys.datagokr, ...params }).toString()}`;
}

async function mfds(path: string, params: Record<string, string>): Promise<Json> {
  return (await (await fetch(url(path, { type: "json", ...params }))).json()) as Json;
}

const EASY = "DrbEasyDrugInfoService/getDrbEasyDrugList";
const PILL = "MdcinGrnIdntfcInfoService03/getMdcinGrnIdntfcInfoList03";

describe("e약은요", () => {
  it("answers header/body at the top level with items as a plain array", async () => {
    const doc = await mfds(EASY, { itemName: "활명수" });
    expect(doc["response"]).toBeUndefined();
    expect(doc["header"]).toEqual({ resultCode: "00", resultMsg: "NORMAL SERVICE." });
    const body = doc["body"] as { items: Json[]; totalCount: number };
    expect(Array.isArray(body.items)).toBe(true);
    expect(body.items.map((i) => i["itemName"])).toEqual(["까스활명수큐액", "활명수"]);
    expect(body.items[1]).toMatchObject({ itemSeq: "195700020", atpnWarnQesitm: null, intrcQesitm: null, openDe: "2021-01-29 00:00:00" });
    // Both products come from 동화약품, so they carry its one valid 사업자등록번호.
    const numbers = new Set(body.items.map((i) => String(i["bizrno"])));
    expect(numbers.size).toBe(1);
    for (const bizrno of numbers) expect(isValidBNo(bizrno)).toBe(true);
  });

  it("answers XML when type is not given", async () => {
    const text = await (await fetch(url(EASY, { itemSeq: "197400035" }))).text();
    expect(text).toContain("<itemName>부루펜정200밀리그램(이부프로펜)</itemName>");
  });

  it("returns other drugs for an itemSeq that matches nothing (soft 404)", async () => {
    const body = (await mfds(EASY, { itemSeq: "209912345", numOfRows: "5" }))["body"] as { items: Json[]; totalCount: number };
    expect(body.totalCount).toBeGreaterThan(1);
    expect(body.items.length).toBe(5);
    expect(body.items.some((i) => i["itemSeq"] === "209912345")).toBe(false);
  });

  it("empties the list for a name that matches nothing", async () => {
    const body = (await mfds(EASY, { itemName: "없는약이름" }))["body"] as Json;
    expect(body).toMatchObject({ items: [], totalCount: 0 });
  });
});

describe("낱알식별", () => {
  it("filters on item_name, not itemName, and answers in UPPER_SNAKE", async () => {
    const body = (await mfds(PILL, { item_name: "게보린" }))["body"] as { items: Json[] };
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ ITEM_SEQ: "197300027", DRUG_SHAPE: "원형", COLOR_CLASS1: "하양", LENG_LONG: "11.0" });
    const camel = (await mfds(PILL, { itemName: "게보린" }))["body"] as { totalCount: number };
    expect(camel.totalCount).toBeGreaterThan(1);
  });

  it("has no row for a liquid", async () => {
    const body = (await mfds(PILL, { item_name: "판콜에이" }))["body"] as Json;
    expect(body).toMatchObject({ items: [], totalCount: 0 });
  });
});
