/**
 * NTS (api.odcloud.kr) behaviour the sandbox reproduces: a POSTed JSON body, request_cnt and
 * match_cnt around the rows, the not-registered row for an unknown number, and the error codes
 * TOO_LARGE_REQUEST, REQUEST_DATA_MALFORMED, BAD_JSON_REQUEST and the -4 key refusal.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";
import { BUSINESSES, isValidBNo } from "../world/businesses";

let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("nts");
});

async function post(op: "status" | "validate", body: string, key = tenant.keys.datagokr): Promise<{ status: number; json: Record<string, unknown> }> {
  const query = new URLSearchParams({ serviceKey: key, returnType: "JSON" });
  const res = await fetch(`${env.SANDBOX_ORIGIN}/api.odcloud.kr/api/nts-businessman/v1/${op}?${query.toString()}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe("상태조회", () => {
  it("counts requested and matched numbers and answers unknown ones with a blank status", async () => {
    const known = BUSINESSES[0]?.bNo ?? "";
    const { status, json } = await post("status", JSON.stringify({ b_no: [known, "1234567891"] }));
    expect(status).toBe(200);
    expect(json).toMatchObject({ status_code: "OK", request_cnt: 2, match_cnt: 1 });
    expect(json["data"]).toEqual([
      expect.objectContaining({ b_no: known, b_stt: "계속사업자", b_stt_cd: "01", utcc_yn: "N" }),
      expect.objectContaining({ b_no: "1234567891", b_stt: "", b_stt_cd: "", tax_type: "국세청에 등록되지 않은 사업자등록번호입니다." }),
    ]);
  });

  it("refuses more than 100 numbers", async () => {
    const numbers = Array.from({ length: 101 }, (_, i) => String(1_000_000_000 + i));
    expect(await post("status", JSON.stringify({ b_no: numbers }))).toEqual({ status: 400, json: { status_code: "TOO_LARGE_REQUEST" } });
  });

  it("tells a body without b_no from a body that is not JSON", async () => {
    expect((await post("status", JSON.stringify({ numbers: ["1018846836"] }))).json).toEqual({ status_code: "REQUEST_DATA_MALFORMED" });
    expect((await post("status", "b_no=1018846836")).json).toEqual({ status_code: "BAD_JSON_REQUEST" });
  });

  it("refuses an unknown key with odcloud's -4", async () => {
    const { status, json } = await post("status", JSON.stringify({ b_no: ["1018846836"] }), "not-a-key");
    expect(status).toBe(401);
    expect(json).toMatchObject({ code: -4 });
  });
});

describe("진위확인", () => {
  it("nests the status of a match and explains a mismatch", async () => {
    const business = BUSINESSES.find((b) => b.corporate && b.corpNo);
    if (!business) throw new Error("the world has no corporation");
    const businesses = [
      { b_no: business.bNo, start_dt: business.startDt, p_nm: business.representative, corp_no: business.corpNo },
      { b_no: business.bNo, start_dt: business.startDt, p_nm: business.representative, corp_no: "1101110000000" },
    ];
    const { json } = await post("validate", JSON.stringify({ businesses }));
    expect(json).toMatchObject({ status_code: "OK", request_cnt: 2, valid_cnt: 1 });
    const [match, mismatch] = json["data"] as Record<string, unknown>[];
    expect(match).toMatchObject({ valid: "01", status: { b_no: business.bNo, b_stt_cd: business.status } });
    expect(mismatch).toMatchObject({ valid: "02", valid_msg: "확인할 수 없습니다." });
    expect(mismatch?.["status"]).toBeUndefined();
  });
});

describe("사업자등록번호", () => {
  it("gives every business of the world a number with a valid check digit", () => {
    expect(BUSINESSES.length).toBeGreaterThan(100);
    expect(BUSINESSES.every((b) => isValidBNo(b.bNo))).toBe(true);
    expect(isValidBNo("1248100998")).toBe(true);
    expect(isValidBNo("1248100997")).toBe(false);
  });
});
