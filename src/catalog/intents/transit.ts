/** Buses around a place: how many stops are within walking distance of it. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

export const TRANSIT_INTENTS: Record<string, ToolIntent> = {
  // TAGO lists the stops within about 500 m of a point, in no stated order and without their
  // distance: which one is nearest is not said, how many there are is.
  tago_nearby_stops: {
    subject: "stop",
    noun: "버스 정류장",
    label: "nodenm",
    asks: [],
    aggregates: [
      {
        id: "count",
        op: "count",
        name: "반경 500m 안 버스 정류장 수",
        unit: "곳",
        digits: 0,
        say: ["{s} 반경 500m 안에 있는 버스 정류장 수", "{s}에서 500m 안쪽 버스 정류장이 몇 곳인지", "{s} 주변 500m 이내 버스 정류장 개수", "{s} 근처 500m 안에 버스 타는 곳이 몇 군데인지", "{s} 걸어서 500m 안에 있는 버스 정류장 수"],
        ask: [
          ["{s} 반경 500m 안에 버스 정류장이 몇 곳 있어요?", "{s} 반경 500m 안의 버스 정류장은 모두 몇 곳입니까?"],
          ["{s}에서 500m 안에 버스 탈 데가 몇 군데나 돼요?", "{s} 주변 500m 이내 버스 정류장 수를 알려 주십시오."],
          ["{s} 근처 500m 안쪽에 버스 정류장이 몇 개예요?", "{s}에서 500m 이내에 있는 버스 정류장이 몇 곳인지 확인 부탁드립니다."],
          ["{s} 주변 500m 안에 버스 정류장이 몇 개나 있는지 궁금해요.", "{s} 인근 500m 이내 버스 정류장 개수를 안내해 주십시오."],
        ],
      },
    ],
  },
};

// Written once from a sight; any other point with an intent reaches the same search this way.
export const TRANSIT_HOPS: HopIntent[] = [{ from: "tour_search_keyword", to: "tago_nearby_stops", means: "near", args: {}, say: [] }];
