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
        say: ["지금 기온", "현재 기온", "{s:은/는} 지금 몇 도인지", "지금 바깥 온도", "{s} 현재 기온이 몇 도인지", "{s} 지금 기온이 어떤지", "지금 바깥 기온이 몇 도인지", "현재 바깥 기온", "이 시각 기온", "{s} 기온이 지금 몇 도쯤인지", "지금 온도"],
        ask: [
          ["{s:은/는} 지금 몇 도예요?", "{s:은/는} 현재 몇 도입니까?"],
          ["{s} 지금 기온이 몇 도나 돼요?", "{s}의 현재 기온은 몇 도입니까?"],
          ["{s} 바깥 온도 지금 몇 도예요?", "현재 {s} 기온이 어떻게 되는지 알려 주십시오."],
          ["{s} 지금 기온 좀 알려 줄래요?", "{s}의 지금 기온을 확인해 주시겠습니까?"],
          ["{s} 기온이 지금 몇 도쯤이에요?", "{s}의 현재 기온이 몇 도인지 여쭙니다."],
          ["{s} 온도 지금 어느 정도예요?", "{s}의 지금 기온을 알려 주시기 바랍니다."],
          ["{s} 지금 밖에 몇 도인지 알 수 있을까요?", "{s}의 관측 기온을 지금 기준으로 확인해 주십시오."],
          ["{s} 지금 추워요? 기온이 몇 도인지 알려 주세요.", "현재 {s}의 기온이 어느 정도인지 확인 부탁드립니다."],
          ["{s} 지금 날씨 어때요? 기온만 알려 주세요.", "{s}의 지금 관측 기온을 안내해 주십시오."],
          ["겉옷 챙길지 고민인데 {s} 지금 몇 도예요?", "{s}의 현재 기온을 여쭙니다."],
        ],
        when: "now",
        facts: [{ fields: ["obsrValue"], name: "기온", unit: "℃", digits: 1, row: NOW("T1H"), more: "높은", all: false }],
      },
      {
        id: "temperature_humidity",
        say: ["지금 기온과 습도", "현재 기온이랑 습도", "{s:은/는} 지금 몇 도이고 습도는 얼마인지", "지금 온도와 습도", "현재 온도랑 습도가 어떤지", "{s} 지금 기온하고 습도", "이 시각 기온과 상대습도"],
        ask: [
          ["{s:은/는} 지금 몇 도고 습도는 얼마예요?", "{s}의 현재 기온과 습도는 어떻게 됩니까?"],
          ["{s} 지금 기온이랑 습도 좀 알려 줄래요?", "{s}의 지금 기온과 습도를 알려 주십시오."],
          ["{s} 지금 온도하고 습도가 어떻게 돼요?", "현재 {s}의 기온과 상대습도가 얼마인지 확인 부탁드립니다."],
          ["{s} 지금 몇 도예요? 습도도 같이요.", "{s}의 지금 기온과 함께 습도도 알려 주시기 바랍니다."],
          ["{s} 지금 덥고 습해요? 기온이랑 습도 알려 주세요.", "{s}의 현재 기온과 상대습도를 안내해 주십시오."],
          ["{s} 날씨 지금 어때요? 몇 도이고 습도는 몇 %인지 궁금해요.", "현재 {s}의 기온 및 습도가 어떻게 되는지 여쭙니다."],
        ],
        when: "now",
        facts: [
          { fields: ["obsrValue"], name: "기온", unit: "℃", digits: 1, row: NOW("T1H"), all: false },
          { fields: ["obsrValue"], name: "습도", unit: "%", digits: 0, row: NOW("REH"), all: false },
        ],
      },
      {
        id: "rain_wind",
        say: ["지금 1시간 강수량과 풍속", "{s}에 지금 비가 얼마나 오는지와 바람 세기", "{s} 지금 강수량이랑 바람이 얼마나 부는지", "지금 강수량과 바람 세기", "현재 시간당 강수량과 풍속"],
        ask: [
          ["{s}에 지금 비가 얼마나 오고 바람은 얼마나 세게 불어요?", "{s}의 현재 1시간 강수량과 풍속은 어떻게 됩니까?"],
          ["{s} 지금 강수량이랑 풍속 좀 알려 주세요.", "{s}의 지금 강수량과 풍속을 알려 주십시오."],
          ["{s}에 지금 비는 얼마나 오고 바람은 몇 m/s로 불어요?", "현재 {s}의 시간당 강수량과 풍속을 확인 부탁드립니다."],
          ["{s} 지금 비 와요? 강수량이랑 바람 세기 알려 주세요.", "{s}의 지금 1시간 강수량과 풍속을 안내해 주십시오."],
          ["{s}에 우산 써야 해요? 지금 강수량하고 풍속 좀 봐 주세요.", "현재 {s}에 내리는 비의 양과 바람 세기를 여쭙니다."],
        ],
        when: "now",
        facts: [
          { fields: ["obsrValue"], name: "1시간 강수량", unit: "mm", digits: 1, row: NOW("RN1"), all: false },
          { fields: ["obsrValue"], name: "풍속", unit: "m/s", digits: 1, row: NOW("WSD"), more: "강한", all: false },
        ],
      },
      {
        id: "humidity",
        say: ["지금 습도", "현재 습도", "{s} 지금 습도가 몇 %인지", "지금 공기가 얼마나 습한지", "현재 상대습도", "이 시각 습도"],
        ask: [
          ["{s} 지금 습도 몇 %예요?", "{s}의 현재 습도는 몇 %입니까?"],
          ["{s:은/는} 지금 얼마나 습해요? 습도로 알려 주세요.", "{s}의 현재 상대습도를 알려 주십시오."],
          ["{s} 습도가 지금 어느 정도예요?", "현재 {s} 습도가 몇 %인지 확인 부탁드립니다."],
          ["{s} 지금 많이 습한가요? 습도 몇 %예요?", "{s}의 현재 상대습도를 확인해 주십시오."],
          ["빨래 널려는데 {s} 지금 습도가 얼마예요?", "{s}의 지금 습도를 안내해 주십시오."],
          ["{s} 지금 꿉꿉해요? 습도 좀 알려 주세요.", "현재 {s}의 상대습도가 몇 %인지 여쭙니다."],
        ],
        when: "now",
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
        say: ["3일 뒤 최저기온과 최고기온", "사흘 뒤 아침 최저·낮 최고 기온", "3일 후 예상 최저·최고 기온", "{s} 사흘 뒤 기온이 몇 도에서 몇 도 사이인지", "사흘 뒤 최저·최고기온"],
        ask: [
          ["{s:은/는} 사흘 뒤에 몇 도에서 몇 도 사이예요?", "{s}의 3일 뒤 최저기온과 최고기온은 어떻게 됩니까?"],
          ["{s} 3일 뒤 최저기온이랑 최고기온 알려 줄래요?", "3일 뒤 {s}의 아침 최저기온과 낮 최고기온을 알려 주십시오."],
          ["{s} 사흘 뒤에는 아침에 몇 도, 낮에 몇 도까지 올라가요?", "{s}의 사흘 뒤 예상 최저·최고기온을 확인 부탁드립니다."],
          ["{s} 3일 뒤에 추울까요? 최저랑 최고기온 알려 주세요.", "{s}의 3일 후 최저·최고기온 예보를 안내해 주십시오."],
          ["사흘 뒤 {s} 기온이 아침, 낮에 각각 몇 도예요?", "3일 뒤 {s}의 예상 최저기온과 최고기온을 여쭙니다."],
        ],
        when: "day3",
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
        ask: [
          ["{s}에 사흘 뒤 비 올 확률이 오전, 오후 각각 얼마예요?", "{s}의 3일 뒤 오전·오후 강수확률은 어떻게 됩니까?"],
          ["{s} 3일 뒤에 비 와요? 오전이랑 오후 강수확률 알려 주세요.", "3일 뒤 {s}에 비 소식이 있는지 오전·오후 강수확률로 알려 주십시오."],
          ["{s} 사흘 뒤 오전, 오후 강수확률 좀 봐 줄래요?", "{s}의 사흘 뒤 오전과 오후 강수확률을 확인 부탁드립니다."],
          ["{s}에 3일 뒤 우산 챙겨야 할까요? 오전, 오후 비 올 확률 알려 주세요.", "3일 뒤 {s} 일정에 우산이 필요한지 오전·오후 강수확률로 알려 주십시오."],
          ["사흘 뒤 {s}에 비 소식 있어요? 오전, 오후 강수확률 봐 주세요.", "{s}의 3일 후 오전·오후 강수확률 예보를 안내해 주십시오."],
          ["{s} 3일 뒤 오전이랑 오후에 비 올 가능성이 각각 몇 %예요?", "사흘 뒤 {s}의 오전과 오후 비 올 확률을 여쭙니다."],
        ],
        when: "day3",
        facts: [
          { fields: ["rnSt3Am"], name: "3일 뒤 오전 강수확률", unit: "%", digits: 0, all: false },
          { fields: ["rnSt3Pm"], name: "3일 뒤 오후 강수확률", unit: "%", digits: 0, more: "높은", all: false },
        ],
      },
    ],
    aggregates: [],
  },
};

/**
 * Coordinates of a place are the same place on the forecast grid or in a forecast region. Of a
 * place one goes to or an address, not of a hospital: nobody asks the weather "at 둔산튼튼내과".
 */
export const WEATHER_HOPS: HopIntent[] = [
  { from: "kma_grid_from_wgs84", to: "kma_ultra_srt_ncst", means: "same", args: {}, say: [] },
  { from: "kma_mid_region_from_wgs84", to: "kma_mid_ta", means: "same", args: {}, say: [] },
  { from: "kma_mid_region_from_wgs84", to: "kma_mid_land_fcst", means: "same", args: {}, say: [] },
  ...["tour_search_keyword", "utmk_to_wgs84"].flatMap((from): HopIntent[] => [
    { from, to: "kma_grid_from_wgs84", means: "same", args: {}, say: [] },
    { from, to: "kma_mid_region_from_wgs84", means: "same", args: {}, say: [] },
  ]),
];
