/** Road addresses people type, and the same place as coordinates or district codes. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

const ADDRESS_SEEDS = ["서울특별시 강남구", "서울특별시 종로구", "서울특별시 마포구", "서울특별시 송파구", "서울특별시 노원구", "서울특별시 관악구", "부산광역시 해운대구", "경기도 성남시 분당구", "경기도 수원시 영통구", "대전광역시 서구", "대구광역시 수성구", "인천광역시 연수구", "제주특별자치도 제주시"].map((keyword) => ({
  from: "call" as const,
  tool: "juso_search",
  args: { keyword, countPerPage: 100 },
  field: "roadAddrPart1",
  shorten: false,
}));

export const ADDRESS_INTENTS: Record<string, ToolIntent> = {
  juso_search: {
    subject: "address",
    noun: "주소",
    label: "roadAddrPart1",
    find: { param: "keyword", seeds: ADDRESS_SEEDS, args: {}, refer: ["{s}", "{s} 건물", "{s} 쪽"] },
    asks: [
      {
        id: "zip",
        say: ["우편번호와 지번 주소", "지번 주소랑 우편번호", "{s:이/가} 지번으로는 어떻게 되는지와 우편번호", "우편번호, 그리고 지번 주소", "우편번호하고 지번", "{s}의 옛 지번 주소와 우편번호", "{s} 우편번호랑 지번으로 쓴 주소", "지번 기준 주소와 다섯 자리 우편번호", "{s:을/를} 지번으로 바꾼 주소와 우편번호", "우편물에 쓸 우편번호와 지번 주소"],
        ask: [
          ["{s} 우편번호가 뭐예요? 지번 주소도 알려 주세요.", "{s}의 우편번호와 지번 주소는 어떻게 됩니까?"],
          ["{s:은/는} 지번으로 하면 어디고 우편번호는 뭐예요?", "{s}의 지번 주소와 우편번호를 알려 주십시오."],
          ["{s} 우편번호랑 지번 주소 좀 알려 줄래요?", "{s}의 우편번호와 지번 주소를 확인 부탁드립니다."],
        ],
        facts: [
          { fields: ["zipNo"], name: "우편번호", digits: 0, all: false },
          { fields: ["jibunAddr"], name: "지번 주소", digits: 0, all: false },
        ],
      },
    ],
    aggregates: [],
  },
  juso_coordinates: { subject: "address", noun: "주소", asks: [], aggregates: [] },
  utmk_to_wgs84: { subject: "point", noun: "곳", asks: [], aggregates: [] },
  sigungu_code_from_bjd: { subject: "region", noun: "지역", asks: [], aggregates: [] },
};

export const ADDRESS_HOPS: HopIntent[] = [
  { from: "juso_search", to: "juso_coordinates", means: "same", args: {}, say: [] },
  { from: "juso_coordinates", to: "utmk_to_wgs84", means: "same", args: {}, say: [] },
];
