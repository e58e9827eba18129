/** The normaliser on hand-written bodies of every envelope family and every documented quirk. */
import { describe, expect, it } from "vitest";
import type { OutputField, ResponseSpec } from "../catalog/spec";
import { normalise, type RawResponse } from "./normalise";
import { retryable, upstreamFault } from "../gateway/coordinator";

const f = (name: string, type: OutputField["type"], optional = false): OutputField => ({ name, type, tags: [], description: name, optional });

const spec = (envelope: ResponseSpec["envelope"], fields: OutputField[], listKey?: string): ResponseSpec => ({
  envelope,
  fields,
  ...(listKey ? { listKey } : {}),
});

const raw = (body: string, status = 200, contentType: string | null = "application/json"): RawResponse => ({ status, contentType, body });

const GATEWAY_30 =
  "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>";

describe("data.go.kr standard envelope", () => {
  const kma = spec("datagokr", [f("category", "string"), f("obsrValue", "string"), f("nx", "integer")]);

  it("unwraps response.body.items.item and keeps the page", () => {
    const body = JSON.stringify({
      response: {
        header: { resultCode: "00", resultMsg: "NORMAL_SERVICE" },
        body: { dataType: "JSON", items: { item: [{ category: "T1H", obsrValue: "3.1", nx: 60 }, { category: "REH", obsrValue: "55", nx: 60 }] }, pageNo: 2, numOfRows: 2, totalCount: 8 },
      },
    });
    expect(normalise(kma, raw(body))).toEqual({
      ok: true,
      items: [
        { category: "T1H", obsrValue: "3.1", nx: 60 },
        { category: "REH", obsrValue: "55", nx: 60 },
      ],
      totalCount: 8,
      page: 2,
    });
  });

  it("reads a single item returned as an object", () => {
    const body = JSON.stringify({ response: { header: { resultCode: "00" }, body: { items: { item: { category: "T1H", obsrValue: "1", nx: "60" } }, totalCount: 1 } } });
    const result = normalise(kma, raw(body));
    expect(result.items).toEqual([{ category: "T1H", obsrValue: "1", nx: 60 }]);
  });

  it('treats `items: ""` as an empty success', () => {
    const body = JSON.stringify({ response: { header: { resultCode: "0000", resultMsg: "OK" }, body: { items: "", numOfRows: 10, pageNo: 1, totalCount: 0 } } });
    expect(normalise(kma, raw(body))).toEqual({ ok: true, items: [], totalCount: 0, page: 1 });
  });

  it("treats resultCode 03 (NODATA_ERROR) as an empty success, not a failure", () => {
    const body = JSON.stringify({ response: { header: { resultCode: "03", resultMsg: "NO_DATA" } } });
    expect(normalise(kma, raw(body))).toMatchObject({ ok: true, items: [], totalCount: 0 });
  });

  it.each([
    ["10", "UPSTREAM_INVALID_PARAM"],
    ["11", "UPSTREAM_INVALID_PARAM"],
    ["12", "UPSTREAM_SERVICE_MISSING"],
    ["20", "UPSTREAM_KEY_REJECTED"],
    ["22", "UPSTREAM_QUOTA_EXCEEDED"],
    ["30", "UPSTREAM_KEY_REJECTED"],
    ["31", "UPSTREAM_KEY_REJECTED"],
    ["32", "UPSTREAM_KEY_REJECTED"],
    ["99", "UPSTREAM_FAILURE"],
  ])("maps service resultCode %s to %s", (code, expected) => {
    const body = JSON.stringify({ response: { header: { resultCode: code, resultMsg: "x" } } });
    const result = normalise(kma, raw(body));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toEqual({ code: expected, upstreamCode: code, message: "x" });
  });

  it("accepts RTMS-style 000 and TourAPI-style 0000 as success", () => {
    for (const code of ["000", "0000", "0"]) {
      const body = JSON.stringify({ response: { header: { resultCode: code }, body: { items: { item: [{ category: "A" }] } } } });
      expect(normalise(kma, raw(body)).ok).toBe(true);
    }
  });

  it("parses the XML form, with blank elements as null and a stray <script/>", () => {
    const rtms = spec("datagokr", [f("aptNm", "string"), f("dealAmount", "integer"), f("cdealType", "string", true), f("excluUseAr", "number")]);
    const body = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><response><header><resultCode>000</resultCode><resultMsg>OK</resultMsg></header><script/><body><items><item><aptNm>헬리오시티</aptNm><dealAmount>    182,000</dealAmount><cdealType> </cdealType><excluUseAr>84.99</excluUseAr></item></items><numOfRows>10</numOfRows><pageNo>1</pageNo><totalCount>1</totalCount></body></response>`;
    expect(normalise(rtms, raw(body, 200, "text/xml"))).toEqual({
      ok: true,
      items: [{ aptNm: "헬리오시티", dealAmount: 182000, cdealType: null, excluUseAr: 84.99 }],
      totalCount: 1,
      page: 1,
    });
  });
});

describe("the data.go.kr gateway error", () => {
  const any = spec("datagokr", [f("x", "string")]);

  it.each([200, 403])("is recognised as XML with HTTP %i even when JSON was requested", (status) => {
    const result = normalise(any, raw(GATEWAY_30, status, "application/json"));
    expect(result).toMatchObject({ ok: false, error: { code: "UPSTREAM_KEY_REJECTED", upstreamCode: "30", message: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR" } });
  });

  it("is recognised in its JSON rendering and for every family", () => {
    const body = JSON.stringify({ OpenAPI_ServiceResponse: { cmmMsgHeader: { errMsg: "SERVICE ERROR", returnAuthMsg: "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", returnReasonCode: "22" } } });
    for (const envelope of ["datagokr", "airkorea", "mfds", "stanregin", "odcloud"] as const) {
      expect(normalise(spec(envelope, [f("x", "string")]), raw(body, 403))).toMatchObject({ ok: false, error: { code: "UPSTREAM_QUOTA_EXCEEDED", upstreamCode: "22" } });
    }
  });

  it("reads a reason given by name instead of number", () => {
    const body = GATEWAY_30.replace("<returnReasonCode>30</returnReasonCode>", "<returnReasonCode>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnReasonCode>");
    expect(normalise(any, raw(body))).toMatchObject({ ok: false, error: { code: "UPSTREAM_KEY_REJECTED", upstreamCode: "30" } });
  });

  it('treats the plain-text "Unexpected errors" as a failing backend, keeping SERVICE_MISSING for reason code 12', () => {
    const unexpected = normalise(any, raw("Unexpected errors", 500, "text/plain"));
    expect(unexpected).toMatchObject({ ok: false, error: { code: "UPSTREAM_FAILURE", upstreamCode: "500" } });
    expect(retryable(unexpected, 500)).toBe(true);
    expect(upstreamFault(unexpected, 500)).toBe(true);
    const gone = GATEWAY_30.replace("<returnReasonCode>30</returnReasonCode>", "<returnReasonCode>12</returnReasonCode>");
    const missing = normalise(any, raw(gone));
    expect(missing).toMatchObject({ ok: false, error: { code: "UPSTREAM_SERVICE_MISSING", upstreamCode: "12" } });
    expect(retryable(missing, 200)).toBe(false);
  });

  it("calls an HTML 5xx page a failure and a cut-off body garbled", () => {
    expect(normalise(any, raw("<html><body>503 Service Unavailable</body></html>", 503, "text/html"))).toMatchObject({ ok: false, error: { code: "UPSTREAM_FAILURE" } });
    expect(normalise(any, raw('{"response":{"header":{"resultCode":"00"', 200))).toMatchObject({ ok: false, error: { code: "UPSTREAM_GARBLED" } });
    expect(normalise(any, raw("", 200))).toMatchObject({ ok: false, error: { code: "UPSTREAM_GARBLED" } });
  });
});

describe("AirKorea and MFDS variants", () => {
  it("reads AirKorea's plain items array, with '-' as a missing number", () => {
    const air = spec("airkorea", [f("stationName", "string"), f("pm10Value", "integer", true)]);
    const body = JSON.stringify({ response: { header: { resultCode: "00", resultMsg: "NORMAL_CODE" }, body: { totalCount: 2, items: [{ stationName: "종로구", pm10Value: "41" }, { stationName: "중구", pm10Value: "-" }], pageNo: 1, numOfRows: 10 } } });
    expect(normalise(air, raw(body)).items).toEqual([
      { stationName: "종로구", pm10Value: 41 },
      { stationName: "중구", pm10Value: null },
    ]);
  });

  it("reads MFDS without the response wrapper", () => {
    const mfds = spec("mfds", [f("itemSeq", "string"), f("itemName", "string")]);
    const body = JSON.stringify({ header: { resultCode: "00", resultMsg: "NORMAL SERVICE." }, body: { pageNo: 1, totalCount: 1, numOfRows: 10, items: [{ itemSeq: 202106092, itemName: "타이레놀정500밀리그람" }] } });
    expect(normalise(mfds, raw(body)).items).toEqual([{ itemSeq: "202106092", itemName: "타이레놀정500밀리그람" }]);
  });
});

describe("MOIS StanReginCd head/row", () => {
  const stan = spec("stanregin", [f("region_cd", "string"), f("locat_order", "integer")], "StanReginCd");

  it("reads rows and totalCount from the head, despite text/html", () => {
    const body = JSON.stringify({
      StanReginCd: [
        { head: [{ totalCount: 1 }, { numOfRows: "10", pageNo: "1", type: "JSON" }, { RESULT: { resultCode: "INFO-0", resultMsg: "NOMAL SERVICE" } }] },
        { row: [{ region_cd: "1168010100", locat_order: 1 }] },
      ],
    });
    expect(normalise(stan, raw(body, 200, "text/html"))).toEqual({ ok: true, items: [{ region_cd: "1168010100", locat_order: 1 }], totalCount: 1, page: 1 });
  });

  it("treats top-level INFO-3 as no data", () => {
    const body = JSON.stringify({ RESULT: { resultCode: "INFO-3", resultMsg: "해당하는 데이터가 없습니다." } });
    expect(normalise(stan, raw(body, 200, "text/html"))).toMatchObject({ ok: true, items: [] });
  });
});

describe("Seoul open API", () => {
  const bike = spec("seoul", [f("stationId", "string"), f("parkingBikeTotCnt", "integer")], "rentBikeStatus");

  it("reads {Service:{list_total_count, RESULT, row}}", () => {
    const body = JSON.stringify({ rentBikeStatus: { list_total_count: 2, RESULT: { CODE: "INFO-000", MESSAGE: "정상 처리되었습니다" }, row: [{ stationId: "ST-4", parkingBikeTotCnt: "7" }, { stationId: "ST-5", parkingBikeTotCnt: "0" }] } });
    expect(normalise(bike, raw(body))).toMatchObject({ ok: true, totalCount: 2, items: [{ stationId: "ST-4", parkingBikeTotCnt: 7 }, { stationId: "ST-5", parkingBikeTotCnt: 0 }] });
  });

  it.each([
    ["INFO-200", true, undefined],
    ["INFO-100", false, "UPSTREAM_KEY_REJECTED"],
    ["ERROR-300", false, "UPSTREAM_INVALID_PARAM"],
    ["ERROR-336", false, "UPSTREAM_INVALID_PARAM"],
    ["ERROR-337", false, "UPSTREAM_QUOTA_EXCEEDED"],
    ["ERROR-500", false, "UPSTREAM_FAILURE"],
  ])("maps top-level %s", (code, ok, expected) => {
    const result = normalise(bike, raw(JSON.stringify({ RESULT: { CODE: code, MESSAGE: "m" } })));
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.error.code).toBe(expected);
  });

  it("reads the XML form", () => {
    const body = "<rentBikeStatus><list_total_count>1</list_total_count><RESULT><CODE>INFO-000</CODE><MESSAGE>ok</MESSAGE></RESULT><row><stationId>ST-4</stationId><parkingBikeTotCnt>3</parkingBikeTotCnt></row></rentBikeStatus>";
    expect(normalise(bike, raw(body, 200, "text/xml")).items).toEqual([{ stationId: "ST-4", parkingBikeTotCnt: 3 }]);
  });
});

describe("Seoul swopenAPI subway", () => {
  const subway = spec("swopen", [f("statnNm", "string"), f("subwayId", "string")], "realtimeArrivalList");

  it("reads errorMessage and realtimeArrivalList", () => {
    const body = JSON.stringify({ errorMessage: { status: 200, code: "INFO-000", message: "정상 처리되었습니다.", total: 1 }, realtimeArrivalList: [{ statnNm: "강남", subwayId: 1002 }] });
    expect(normalise(subway, raw(body))).toMatchObject({ ok: true, totalCount: 1, items: [{ statnNm: "강남", subwayId: "1002" }] });
  });

  it("reads a flat error", () => {
    const body = JSON.stringify({ status: 500, code: "INFO-100", message: "인증키가 유효하지 않습니다.", total: 0 });
    expect(normalise(subway, raw(body))).toMatchObject({ ok: false, error: { code: "UPSTREAM_KEY_REJECTED", upstreamCode: "INFO-100" } });
  });
});

describe("juso", () => {
  const juso = spec("juso", [f("admCd", "string"), f("roadAddr", "string")]);

  it("reads results.common/juso with string counts", () => {
    const body = JSON.stringify({ results: { common: { errorMessage: "정상", countPerPage: "10", totalCount: "1", errorCode: "0", currentPage: "1" }, juso: [{ admCd: "3611010700", roadAddr: "세종특별자치시 다솜2로 94" }] } });
    expect(normalise(juso, raw(body))).toEqual({ ok: true, items: [{ admCd: "3611010700", roadAddr: "세종특별자치시 다솜2로 94" }], totalCount: 1, page: 1 });
  });

  it.each([
    ["E0001", "UPSTREAM_KEY_REJECTED"],
    ["E0005", "UPSTREAM_INVALID_PARAM"],
    ["E0006", "UPSTREAM_INVALID_PARAM"],
    ["E0008", "UPSTREAM_INVALID_PARAM"],
    ["E0014", "UPSTREAM_QUOTA_EXCEEDED"],
    ["-999", "UPSTREAM_FAILURE"],
  ])("maps %s", (code, expected) => {
    const body = JSON.stringify({ results: { common: { errorCode: code, errorMessage: "m", totalCount: "0" }, juso: null } });
    expect(normalise(juso, raw(body))).toMatchObject({ ok: false, error: { code: expected, upstreamCode: code } });
  });
});

describe("NTS odcloud", () => {
  const nts = spec("odcloud", [f("b_no", "string"), f("b_stt_cd", "string")]);

  it("reads status_code/match_cnt/data", () => {
    const body = JSON.stringify({ status_code: "OK", request_cnt: 1, match_cnt: 1, data: [{ b_no: "1234567890", b_stt_cd: "01" }] });
    expect(normalise(nts, raw(body))).toEqual({ ok: true, items: [{ b_no: "1234567890", b_stt_cd: "01" }], totalCount: 1, page: 1 });
  });

  it("maps request and key errors", () => {
    expect(normalise(nts, raw(JSON.stringify({ status_code: "TOO_LARGE_REQUEST" }), 413))).toMatchObject({ ok: false, error: { code: "UPSTREAM_INVALID_PARAM" } });
    expect(normalise(nts, raw(JSON.stringify({ code: -4, msg: "등록되지 않은 인증키 입니다." }), 401))).toMatchObject({ ok: false, error: { code: "UPSTREAM_KEY_REJECTED", upstreamCode: "-4" } });
  });
});

describe("value coercion", () => {
  const tago = spec("datagokr", [f("routeno", "string"), f("arrtime", "integer"), f("dealAmount", "integer"), f("isHoliday", "boolean"), f("kaptdaCnt", "number")]);

  it("turns numeric routeno into a string, comma amounts into integers and Y/N into booleans", () => {
    const body = JSON.stringify({ response: { header: { resultCode: "00" }, body: { items: { item: { routeno: 402, arrtime: "180", dealAmount: "  12,000", isHoliday: "Y", kaptdaCnt: 9510.0 } } } } });
    expect(normalise(tago, raw(body)).items).toEqual([{ routeno: "402", arrtime: 180, dealAmount: 12000, isHoliday: true, kaptdaCnt: 9510 }]);
  });

  it("keeps undeclared fields, trimmed", () => {
    const body = JSON.stringify({ response: { header: { resultCode: "00" }, body: { items: { item: { routeno: "5", extra: "  x  " } } } } });
    expect(normalise(tago, raw(body)).items[0]).toMatchObject({ routeno: "5", extra: "x" });
  });
});
