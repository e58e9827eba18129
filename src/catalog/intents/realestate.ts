/** Districts people name and what last month's apartment deals there came to. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

export const REALESTATE_INTENTS: Record<string, ToolIntent> = {
  mois_legal_dong_codes: {
    subject: "region",
    noun: "지역",
    label: "locatadd_nm",
    find: {
      param: "locatadd_nm",
      seeds: [
        {
          from: "values",
          values: [
            ...["종로구", "중구", "용산구", "성동구", "광진구", "동대문구", "중랑구", "성북구", "강북구", "도봉구", "노원구", "은평구", "서대문구", "마포구", "양천구", "강서구", "구로구", "금천구", "영등포구", "동작구", "관악구", "서초구", "강남구", "송파구", "강동구"].map((gu) => `서울특별시 ${gu}`),
            ...["부산광역시 해운대구", "대구광역시 수성구", "인천광역시 연수구", "인천광역시 서구", "대전광역시 서구", "경기도 성남시 분당구", "경기도 수원시 영통구", "경기도 고양시 일산동구", "제주특별자치도 제주시", "세종특별자치시"],
          ],
        },
      ],
      args: {},
      refer: ["{s}"],
    },
    asks: [],
    aggregates: [],
  },
  rtms_apt_trades: {
    subject: "region",
    noun: "지역",
    asks: [],
    aggregates: [
      {
        id: "max",
        op: "max",
        field: "dealAmount",
        label: "aptNm",
        name: "가장 비싼 거래",
        unit: "만원",
        digits: 0,
        when: "last_month",
        say: ["{s}에서 지난달 거래된 아파트 중 가장 비싸게 팔린 단지와 금액", "지난달 {s} 아파트 매매 최고가와 그 단지", "{s} 지난달 최고가 아파트 거래의 단지명과 금액"],
        ask: [
          ["{s}에서 지난달 제일 비싸게 팔린 아파트가 어디고 얼마였어요?", "{s}의 지난달 아파트 매매 최고가 단지와 금액은 어떻게 됩니까?"],
          ["{s} 지난달 아파트 최고가 거래 단지랑 금액 알려 줄래요?", "{s}에서 지난달 가장 비싸게 거래된 아파트 단지와 금액을 알려 주십시오."],
        ],
      },
      {
        id: "min",
        op: "min",
        field: "dealAmount",
        label: "aptNm",
        name: "가장 싼 거래",
        unit: "만원",
        digits: 0,
        when: "last_month",
        say: ["{s}에서 지난달 가장 싸게 거래된 아파트 단지와 금액", "지난달 {s} 아파트 매매 최저가와 그 단지"],
        ask: [
          ["{s}에서 지난달 제일 싸게 팔린 아파트는 어디고 얼마였어요?", "{s}의 지난달 아파트 매매 최저가 단지와 금액은 어떻게 됩니까?"],
          ["{s} 지난달 아파트 최저가 거래 단지랑 금액 좀 알려 주세요.", "{s}에서 지난달 가장 싸게 거래된 아파트 단지와 금액을 알려 주십시오."],
        ],
      },
      {
        id: "avg",
        op: "avg",
        field: "dealAmount",
        name: "평균 거래금액",
        unit: "만원",
        digits: 0,
        when: "last_month",
        say: ["지난달 {s} 아파트 매매 평균 거래금액", "{s}에서 지난달 팔린 아파트들의 평균 매매가", "{s} 지난달 아파트 평균 매매가"],
        ask: [
          ["{s}에서 지난달 팔린 아파트들은 평균 얼마였어요?", "{s}의 지난달 아파트 평균 매매가는 얼마입니까?"],
          ["{s} 지난달 아파트 매매 평균 금액 좀 알려 줄래요?", "{s}에서 지난달 거래된 아파트의 평균 거래금액을 알려 주십시오."],
        ],
      },
      {
        id: "count",
        op: "count",
        name: "거래 건수",
        unit: "건",
        digits: 0,
        when: "last_month",
        say: ["지난달 {s} 아파트 매매 거래가 모두 몇 건인지", "{s}에서 지난달 아파트 매매가 몇 건 있었는지", "{s} 지난달 아파트 매매 건수"],
        ask: [
          ["{s}에서 지난달 아파트 매매가 몇 건이나 있었어요?", "{s}의 지난달 아파트 매매 거래는 모두 몇 건입니까?"],
          ["{s} 지난달 아파트 거래 건수 좀 알려 줄래요?", "{s}에서 지난달 신고된 아파트 매매 건수를 알려 주십시오."],
        ],
      },
    ],
  },
  rtms_apt_rents: {
    subject: "region",
    noun: "지역",
    asks: [],
    aggregates: [
      {
        id: "max",
        op: "max",
        field: "deposit",
        label: "aptNm",
        name: "가장 높은 보증금",
        unit: "만원",
        digits: 0,
        when: "last_month",
        say: ["지난달 {s} 아파트 전월세 계약 중 보증금이 가장 높은 단지와 금액", "{s}에서 지난달 보증금이 제일 높았던 아파트 전월세 계약의 단지와 금액"],
        ask: [
          ["{s}에서 지난달 전월세 보증금이 제일 높았던 아파트는 어디고 얼마였어요?", "{s}의 지난달 아파트 전월세 최고 보증금 단지와 금액은 어떻게 됩니까?"],
          ["{s} 지난달 전월세 계약 중 보증금 최고액이랑 그 단지 알려 줄래요?", "{s}에서 지난달 보증금이 가장 높았던 아파트 전월세 계약의 단지와 금액을 알려 주십시오."],
        ],
      },
      {
        id: "count",
        op: "count",
        name: "전월세 계약 건수",
        unit: "건",
        digits: 0,
        when: "last_month",
        say: ["지난달 {s} 아파트 전월세 계약이 모두 몇 건인지", "{s}에서 지난달 아파트 전월세 신고가 몇 건이었는지", "{s} 지난달 아파트 전월세 건수"],
        ask: [
          ["{s}에서 지난달 아파트 전월세 계약이 몇 건이나 됐어요?", "{s}의 지난달 아파트 전월세 계약은 모두 몇 건입니까?"],
          ["{s} 지난달 전월세 신고 건수 좀 알려 줄래요?", "{s}에서 지난달 신고된 아파트 전월세 계약 건수를 알려 주십시오."],
        ],
      },
    ],
  },
};

export const REALESTATE_HOPS: HopIntent[] = [
  { from: "mois_legal_dong_codes", to: "sigungu_code_from_bjd", means: "same", args: {}, say: [] },
  { from: "sigungu_code_from_bjd", to: "rtms_apt_trades", means: "same", args: {}, say: [] },
  { from: "sigungu_code_from_bjd", to: "rtms_apt_rents", means: "same", args: {}, say: [] },
];
