import { describe, expect, it } from "vitest";
import { z } from "zod";
import { providerOf } from "../catalog/providers";
import { cacheOf, defineUpstream } from "../catalog/spec";
import { buildUpstreamRequest, decodeServiceKey } from "./request";

const kasi = defineUpstream({
  name: "probe_holidays",
  version: 1,
  provider: "kasi",
  title: { ko: "확인", en: "probe" },
  description: { ko: "요청 조립을 확인하기 위한 도구입니다.", en: "A tool that checks request building." },
  params: z.object({ solYear: z.string(), solMonth: z.string().optional(), numOfRows: z.number().default(10) }),
  request: { method: "GET", path: "/B090041/openapi/service/SpcdeInfoService/getRestDeInfo", key: { in: "query", name: "ServiceKey" }, format: { in: "query", name: "_type", value: "json" }, responseFormat: "json" },
  response: { envelope: "datagokr", fields: [{ name: "locdate", type: "string", description: "날짜" }] },
  pagination: { style: "none" },
  cache: cacheOf("static"),
  examples: [{ args: { solYear: "2026" } }],
});

const seoul = defineUpstream({
  name: "probe_seoul",
  version: 1,
  provider: "seoul_openapi",
  title: { ko: "확인", en: "probe" },
  description: { ko: "경로에 키가 들어가는 요청을 확인합니다.", en: "Checks a request with the key in the path." },
  params: z.object({ startIndex: z.number(), endIndex: z.number(), STATION_NM: z.string() }),
  request: {
    method: "GET",
    path: "/{key}/{format}/SearchInfoBySubwayNameService/{startIndex}/{endIndex}/{STATION_NM}",
    key: { in: "path" },
    format: { in: "path", value: "json" },
    responseFormat: "json",
    pathParams: ["startIndex", "endIndex", "STATION_NM"],
  },
  response: { envelope: "seoul", listKey: "SearchInfoBySubwayNameService", fields: [{ name: "STATION_CD", type: "string", description: "역 코드" }] },
  pagination: { style: "range", startParam: "startIndex", endParam: "endIndex", maxSize: 1000 },
  cache: cacheOf("static"),
  examples: [{ args: { startIndex: 1, endIndex: 5, STATION_NM: "강남" } }],
});

describe("service keys", () => {
  it("sends a data.go.kr key encoded exactly once whichever rendering is configured", () => {
    const decoded = "abc+def/ghi==";
    const encoded = "abc%2Bdef%2Fghi%3D%3D";
    for (const key of [decoded, encoded]) {
      const req = buildUpstreamRequest(kasi, providerOf("kasi"), { solYear: "2026" }, { baseUrl: "https://apis.data.go.kr", key });
      expect(new URL(req.url).searchParams.get("ServiceKey")).toBe(decoded);
      expect(req.url).toContain("ServiceKey=abc%2Bdef%2Fghi%3D%3D");
      expect(req.url).not.toContain("%25");
    }
  });

  it("leaves non-data.go.kr keys alone", () => {
    expect(decodeServiceKey("a%2Bb", "plain")).toBe("a%2Bb");
  });
});

describe("request building", () => {
  it("puts the format switch and arguments in the query, under the configured base URL", () => {
    const req = buildUpstreamRequest(kasi, providerOf("kasi"), { solYear: "2026", solMonth: "05", numOfRows: 10 }, { baseUrl: "http://127.0.0.1:9/apis.data.go.kr/", key: "k" });
    const url = new URL(req.url);
    expect(url.origin + url.pathname).toBe("http://127.0.0.1:9/apis.data.go.kr/B090041/openapi/service/SpcdeInfoService/getRestDeInfo");
    expect(Object.fromEntries(url.searchParams)).toEqual({ ServiceKey: "k", _type: "json", solYear: "2026", solMonth: "05", numOfRows: "10" });
    expect(req.headers.get("user-agent")).toMatch(/kopa-edge/);
  });

  it("substitutes the key, the format and path parameters (percent-encoded) into the path", () => {
    const req = buildUpstreamRequest(seoul, providerOf("seoul_openapi"), { startIndex: 1, endIndex: 5, STATION_NM: "강남" }, { baseUrl: "http://openapi.seoul.go.kr:8088", key: "KEY/1" });
    expect(req.url).toBe("http://openapi.seoul.go.kr:8088/KEY%2F1/json/SearchInfoBySubwayNameService/1/5/%EA%B0%95%EB%82%A8");
  });

  it("cannot be steered to another host by an argument", () => {
    const req = buildUpstreamRequest(seoul, providerOf("seoul_openapi"), { startIndex: 1, endIndex: 5, STATION_NM: "../../evil.example/x" }, { baseUrl: "http://openapi.seoul.go.kr:8088", key: "k" });
    expect(new URL(req.url).host).toBe("openapi.seoul.go.kr:8088");
    expect(req.url).toContain("..%2F..%2Fevil.example%2Fx");
  });
});
