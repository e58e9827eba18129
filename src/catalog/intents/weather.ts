/** Weather at a place: now (초단기실황) and a few days ahead (중기). */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

const NOW = (category: string) => ({ field: "category", equals: category });

export const WEATHER_INTENTS: Record<string, ToolIntent> = {
  kma_grid_from_wgs84: { subject: "point", noun: "곳", asks: [], aggregates: [] },
  kma_mid_region_from_wgs84: { subject: "point", noun: "곳", asks: [], aggregates: [] },
  kma_ultra_srt_ncst: {
    subject: "point",
    noun: "곳",
    asks: [
      {
        id: "temperature",
        say: ["지금 기온", "현재 기온", "{s:은/는} 지금 몇 도인지", "지금 바깥 온도", "{s} 현재 기온이 몇 도인지", "{s} 지금 기온이 어떤지", "지금 바깥 기온이 몇 도인지", "현재 바깥 기온"],
        facts: [{ fields: ["obsrValue"], name: "기온", unit: "℃", digits: 1, row: NOW("T1H"), more: "높은", all: false }],
      },
      {
        id: "temperature_humidity",
        say: ["지금 기온과 습도", "현재 기온이랑 습도", "{s:은/는} 지금 몇 도이고 습도는 얼마인지", "지금 온도와 습도", "현재 온도랑 습도가 어떤지", "{s} 지금 기온하고 습도"],
        facts: [
          { fields: ["obsrValue"], name: "기온", unit: "℃", digits: 1, row: NOW("T1H"), all: false },
          { fields: ["obsrValue"], name: "습도", unit: "%", digits: 0, row: NOW("REH"), all: false },
        ],
      },
      {
        id: "rain_wind",
        say: ["지금 1시간 강수량과 풍속", "{s}에 지금 비가 얼마나 오는지와 바람 세기", "{s} 지금 강수량이랑 바람이 얼마나 부는지", "지금 강수량과 바람 세기"],
        facts: [
          { fields: ["obsrValue"], name: "1시간 강수량", unit: "mm", digits: 1, row: NOW("RN1"), all: false },
          { fields: ["obsrValue"], name: "풍속", unit: "m/s", digits: 1, row: NOW("WSD"), more: "강한", all: false },
        ],
      },
      {
        id: "humidity",
        say: ["지금 습도", "현재 습도", "{s} 지금 습도가 몇 %인지", "지금 공기가 얼마나 습한지", "현재 상대습도"],
        facts: [{ fields: ["obsrValue"], name: "습도", unit: "%", digits: 0, row: NOW("REH"), more: "높은", all: false }],
      },
    ],
    aggregates: [],
  },
  kma_mid_ta: {
    subject: "point",
    noun: "곳",
    asks: [
      {
        id: "day3",
        say: ["3일 뒤 최저기온과 최고기온", "사흘 뒤 아침 최저·낮 최고 기온", "3일 후 예상 최저·최고 기온", "{s} 사흘 뒤 기온이 몇 도에서 몇 도 사이인지"],
        facts: [
          { fields: ["taMin3"], name: "3일 뒤 최저기온", unit: "℃", digits: 0, all: false },
          { fields: ["taMax3"], name: "3일 뒤 최고기온", unit: "℃", digits: 0, more: "높은", all: false },
        ],
      },
    ],
    aggregates: [],
  },
  kma_mid_land_fcst: {
    subject: "point",
    noun: "곳",
    asks: [
      {
        id: "day3_rain",
        say: ["3일 뒤 오전과 오후 강수확률", "사흘 뒤 오전·오후 비 올 확률", "3일 후 오전·오후 강수확률", "사흘 뒤 오전, 오후에 비 올 가능성"],
        facts: [
          { fields: ["rnSt3Am"], name: "3일 뒤 오전 강수확률", unit: "%", digits: 0, all: false },
          { fields: ["rnSt3Pm"], name: "3일 뒤 오후 강수확률", unit: "%", digits: 0, more: "높은", all: false },
        ],
      },
    ],
    aggregates: [],
  },
};

/** Coordinates of a place are the same place on the forecast grid or in a forecast region. */
export const WEATHER_HOPS: HopIntent[] = [
  { from: "kma_grid_from_wgs84", to: "kma_ultra_srt_ncst", means: "same", args: {}, say: [] },
  { from: "kma_mid_region_from_wgs84", to: "kma_mid_ta", means: "same", args: {}, say: [] },
  { from: "kma_mid_region_from_wgs84", to: "kma_mid_land_fcst", means: "same", args: {}, say: [] },
  ...["tour_search_keyword", "hira_hospitals", "utmk_to_wgs84"].flatMap((from): HopIntent[] => [
    { from, to: "kma_grid_from_wgs84", means: "same", args: {}, say: [] },
    { from, to: "kma_mid_region_from_wgs84", means: "same", args: {}, say: [] },
  ]),
];
