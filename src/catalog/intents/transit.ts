/** Subway stations people name and the trains coming in. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

export const TRANSIT_INTENTS: Record<string, ToolIntent> = {
  seoul_subway_arrivals: {
    subject: "subway_station",
    noun: "역",
    label: "statnNm",
    find: {
      param: "statnNm",
      seeds: [{ from: "values", values: ["강남", "서울", "시청", "잠실", "홍대입구", "신촌", "왕십리", "사당", "고속터미널", "여의도", "광화문", "건대입구", "신도림", "합정", "종로3가", "교대", "선릉", "삼성", "노원", "충무로"] }],
      args: {},
      refer: ["{s}역"],
    },
    asks: [],
    aggregates: [
      { id: "count", op: "count", name: "도착 예정 열차 수", unit: "대", digits: 0, say: ["지금 {s} 도착 예정 열차가 모두 몇 대인지", "{s}에 곧 들어올 열차가 몇 대 잡히는지"] },
    ],
  },
};

export const TRANSIT_HOPS: HopIntent[] = [];
