/**
 * Apartment complexes (공동주택 단지) of the sandbox world: real complexes in their real 법정동,
 * each with a K-apt code (kaptCode), an RTMS complex id (aptSeq = 시군구 code + serial), a road
 * address juso finds, the facts K-apt publishes (households, 동 count, approval date, builder,
 * heating) and a price level that drives the generated transactions.
 */
import { hash32, seededInt } from "../../util/random";
import { resolveAddress, type Address } from "./addresses";

export type Heating = "개별난방" | "지역난방" | "중앙난방";
export type Hall = "계단식" | "복도식" | "혼합식";

export interface Complex {
  kaptCode: string;
  kaptName: string;
  /** RTMS 단지 일련번호, e.g. 11710-2456. */
  aptSeq: string;
  address: Address;
  /** 세대수 (kaptdaCnt, hoCnt). */
  households: number;
  /** 동수 (kaptDongCnt). */
  dongCount: number;
  /** 사용승인일 YYYYMMDD. */
  useDate: string;
  buildYear: number;
  builder: string;
  heating: Heating;
  hall: Hall;
  topFloor: number;
  /** 전용면적 types in ㎡, smallest first. */
  areas: readonly number[];
  /** Price level: 만원 per ㎡ of 전용면적 in mid-2025. */
  pricePerM2: number;
  /** Tall mixed-use towers are 주상복합 in K-apt. */
  mixedUse: boolean;
}

interface ComplexSpec {
  hh: number;
  dongs: number;
  used: string;
  builder: string;
  heat: Heating;
  hall: Hall;
  floors: number;
  areas: readonly number[];
  price: number;
  /** Known or fixed ids (the RTMS sample's 삼익 is 11170-49). */
  kapt?: string;
  seq?: string;
  zip?: string;
  at?: { lat: number; lon: number };
}

interface ComplexSeed extends ComplexSpec {
  name: string;
  dong: string;
  road: string;
  /** Building number "345" or "32-14". */
  no: string;
  /** Lot number "913" or "2-12". */
  lot: string;
}

const apt = (name: string, dong: string, road: string, no: string, lot: string, spec: ComplexSpec): ComplexSeed => ({ name, dong, road, no, lot, ...spec });

const S = "지역난방" as const;
const I = "개별난방" as const;
const C = "중앙난방" as const;
const STAIR = "계단식" as const;
const CORRIDOR = "복도식" as const;
const MIXED = "혼합식" as const;

// Names, 법정동, approval years, sizes and builders follow the real complexes; road numbers and lots
// are the real ones where they are well known and plausible ones otherwise.
const SEEDS: readonly ComplexSeed[] = [
  // 강남구
  apt("역삼래미안", "1168010100", "역삼로", "310", "754", { hh: 1050, dongs: 16, used: "20050401", builder: "삼성물산", heat: S, hall: STAIR, floors: 20, areas: [59.96, 84.99, 114.7], price: 3000 }),
  apt("개포자이프레지던스", "1168010300", "개포로", "310", "12", { hh: 3375, dongs: 28, used: "20230228", builder: "GS건설", heat: S, hall: STAIR, floors: 35, areas: [49.9, 59.9, 84.9, 98.8, 114.9], price: 3600 }),
  apt("래미안블레스티지", "1168010300", "개포로", "264", "14", { hh: 1957, dongs: 23, used: "20190228", builder: "삼성물산", heat: S, hall: STAIR, floors: 35, areas: [49.8, 59.9, 84.9, 99.7, 126.9], price: 3400 }),
  apt("디에이치아너힐즈", "1168010300", "삼성로", "11", "138", { hh: 1320, dongs: 23, used: "20190830", builder: "현대건설", heat: S, hall: STAIR, floors: 35, areas: [59.9, 84.9, 106.2, 130.1], price: 3600 }),
  apt("청담자이", "1168010400", "도산대로", "536", "134", { hh: 708, dongs: 9, used: "20111031", builder: "GS건설", heat: I, hall: STAIR, floors: 35, areas: [49.9, 82.9, 89.1], price: 3700 }),
  apt("삼성동힐스테이트1단지", "1168010500", "봉은사로", "524", "40", { hh: 1144, dongs: 12, used: "20081231", builder: "현대건설", heat: S, hall: STAIR, floors: 32, areas: [59.8, 84.9, 118.9], price: 3300 }),
  apt("은마", "1168010600", "삼성로", "212", "316", { hh: 4424, dongs: 28, used: "19791209", builder: "한보주택", heat: C, hall: CORRIDOR, floors: 14, areas: [76.79, 84.43], price: 3500, zip: "06284", at: { lat: 37.4993, lon: 127.0637 } }),
  apt("래미안대치팰리스", "1168010600", "삼성로51길", "37", "1027", { hh: 1278, dongs: 9, used: "20150930", builder: "삼성물산", heat: S, hall: STAIR, floors: 35, areas: [59.9, 84.9, 94.9, 114.9, 151.3], price: 3900 }),
  apt("대치아이파크", "1168010600", "영동대로", "131", "1021", { hh: 768, dongs: 9, used: "20080630", builder: "현대산업개발", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 119.7, 149.5], price: 3800 }),
  apt("한보미도맨션1차", "1168010600", "남부순환로", "3002", "503", { hh: 1204, dongs: 9, used: "19830101", builder: "한보건설", heat: C, hall: CORRIDOR, floors: 14, areas: [84.97, 115.2, 128.6], price: 3000 }),
  apt("압구정현대1차", "1168011000", "압구정로", "165", "369-1", { hh: 960, dongs: 10, used: "19761001", builder: "현대건설", heat: C, hall: STAIR, floors: 12, areas: [117.6, 131.5, 160.3, 196.2], price: 5200 }),
  apt("도곡렉슬", "1168011800", "선릉로", "221", "527", { hh: 3002, dongs: 34, used: "20060131", builder: "삼성물산", heat: S, hall: STAIR, floors: 32, areas: [59.9, 84.9, 114.9, 134.9, 176.2], price: 3500 }),
  apt("타워팰리스1차", "1168011800", "언주로30길", "26", "467", { hh: 1297, dongs: 4, used: "20020930", builder: "삼성물산", heat: I, hall: MIXED, floors: 66, areas: [117.3, 137.8, 164.9, 244.6], price: 2900 }),
  apt("래미안루체하임", "1168011400", "일원로", "120", "719", { hh: 850, dongs: 11, used: "20181130", builder: "삼성물산", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 121.3], price: 3000 }),
  // 서초구
  apt("아크로리버파크", "1165010700", "신반포로15길", "19", "2-12", { hh: 1612, dongs: 15, used: "20160831", builder: "대림산업", heat: S, hall: STAIR, floors: 38, areas: [59.9, 84.9, 112.9, 129.9, 234.9], price: 6000, at: { lat: 37.5078, lon: 126.997 } }),
  apt("래미안퍼스티지", "1165010700", "반포대로", "275", "20-43", { hh: 2444, dongs: 28, used: "20090731", builder: "삼성물산", heat: S, hall: STAIR, floors: 32, areas: [59.9, 84.9, 107.9, 135.9, 169.9, 222.7], price: 5100 }),
  apt("반포자이", "1165010700", "신반포로", "270", "20-45", { hh: 3410, dongs: 44, used: "20081231", builder: "GS건설", heat: S, hall: STAIR, floors: 32, areas: [59.9, 84.9, 116.9, 132.1, 165.2, 244.6], price: 4700 }),
  apt("래미안원베일리", "1165010700", "신반포로", "15", "1-1", { hh: 2990, dongs: 23, used: "20230831", builder: "삼성물산", heat: S, hall: STAIR, floors: 35, areas: [46.1, 59.9, 74.9, 84.9, 116.3, 133.4], price: 6200 }),
  apt("아크로리버뷰신반포", "1165010600", "잠원로", "117", "50", { hh: 595, dongs: 5, used: "20180630", builder: "대림산업", heat: S, hall: STAIR, floors: 35, areas: [49.9, 59.9, 84.9, 112.1], price: 5200 }),
  apt("서초그랑자이", "1165010800", "서초대로", "350", "1333", { hh: 1446, dongs: 13, used: "20210630", builder: "GS건설", heat: S, hall: STAIR, floors: 35, areas: [59.9, 84.9, 100.2, 119.4], price: 3900 }),
  apt("방배그랑자이", "1165010100", "방배로", "180", "1018", { hh: 758, dongs: 8, used: "20210731", builder: "GS건설", heat: S, hall: STAIR, floors: 20, areas: [59.9, 84.9, 114.1], price: 3000 }),
  // 송파구
  apt("잠실엘스", "1171010100", "올림픽로", "99", "19", { hh: 5678, dongs: 72, used: "20081031", builder: "삼성물산", heat: S, hall: STAIR, floors: 33, areas: [59.9, 84.8, 119.9], price: 3300 }),
  apt("리센츠", "1171010100", "올림픽로", "135", "22", { hh: 5563, dongs: 65, used: "20080731", builder: "대림산업", heat: S, hall: STAIR, floors: 33, areas: [27.68, 59.9, 84.99, 124.2], price: 3300 }),
  apt("트리지움", "1171010100", "잠실로", "62", "23", { hh: 3696, dongs: 47, used: "20071231", builder: "현대건설", heat: S, hall: STAIR, floors: 30, areas: [59.9, 84.9, 114.9, 149.2], price: 3100 }),
  apt("잠실주공5단지", "1171010100", "올림픽로", "119", "27", { hh: 3930, dongs: 30, used: "19781201", builder: "대한주택공사", heat: C, hall: STAIR, floors: 15, areas: [76.5, 82.61], price: 3600 }),
  apt("파크리오", "1171010200", "올림픽로", "435", "17", { hh: 6864, dongs: 66, used: "20080831", builder: "삼성물산", heat: S, hall: STAIR, floors: 35, areas: [59.9, 84.9, 121.7, 144.8], price: 2600 }),
  apt("헬리오시티", "1171010700", "송파대로", "345", "913", { hh: 9510, dongs: 84, used: "20181231", builder: "현대산업개발", heat: S, hall: STAIR, floors: 35, areas: [39.1, 49.2, 59.9, 84.9, 110.9, 130.3, 150.2], price: 2700, kapt: "A13587503", zip: "05767" }),
  apt("가락쌍용1차", "1171010700", "송이로", "32", "140", { hh: 2064, dongs: 14, used: "19970630", builder: "쌍용건설", heat: I, hall: STAIR, floors: 22, areas: [59.8, 84.6, 119.6, 134.5], price: 1600 }),
  apt("가락금호", "1171010700", "송이로", "48", "165", { hh: 915, dongs: 9, used: "19970831", builder: "금호건설", heat: I, hall: STAIR, floors: 20, areas: [59.4, 84.9, 114.8], price: 1500 }),
  apt("올림픽훼밀리타운", "1171010800", "양재대로", "1218", "150", { hh: 4494, dongs: 56, used: "19880901", builder: "한신공영", heat: S, hall: STAIR, floors: 15, areas: [84.7, 107.5, 136.4, 158.8], price: 2100 }),
  apt("올림픽선수기자촌", "1171011100", "양재대로", "1232", "89", { hh: 5540, dongs: 122, used: "19880630", builder: "현대건설", heat: S, hall: STAIR, floors: 24, areas: [83.1, 100.3, 134.8, 163.6], price: 2400 }),
  // 강동구
  apt("고덕그라시움", "1174010200", "고덕로", "333", "693", { hh: 4932, dongs: 51, used: "20190930", builder: "대우건설", heat: S, hall: STAIR, floors: 35, areas: [59.9, 84.9, 97.4, 118.2], price: 2000 }),
  apt("고덕아르테온", "1174010300", "상일로", "6", "500", { hh: 4066, dongs: 50, used: "20200229", builder: "현대건설", heat: S, hall: STAIR, floors: 35, areas: [59.9, 84.9, 114.3], price: 1900 }),
  apt("올림픽파크포레온", "1174010600", "양재대로", "1369", "170-1", { hh: 12032, dongs: 85, used: "20241127", builder: "현대건설", heat: S, hall: STAIR, floors: 35, areas: [29.1, 39.2, 49.4, 59.9, 84.9, 95.3, 134.1], price: 2600 }),
  // 성동구·광진구·동대문구·성북구·강북구·도봉구·노원구
  apt("트리마제", "1120011400", "왕십리로", "16", "685-700", { hh: 688, dongs: 4, used: "20170531", builder: "두산중공업", heat: I, hall: MIXED, floors: 47, areas: [35.2, 69.6, 84.8, 136.2, 152.1], price: 4200 }),
  apt("갤러리아포레", "1120011400", "서울숲2길", "32-14", "685-631", { hh: 230, dongs: 2, used: "20110530", builder: "한화건설", heat: I, hall: MIXED, floors: 45, areas: [170.9, 195.2, 217.9, 241.4], price: 4300 }),
  apt("래미안옥수리버젠", "1120011300", "독서당로", "222", "550", { hh: 1511, dongs: 20, used: "20121130", builder: "삼성물산", heat: S, hall: STAIR, floors: 22, areas: [59.9, 84.9, 114.9], price: 2300 }),
  apt("서울숲리버뷰자이", "1120010700", "행당로", "82", "7", { hh: 1034, dongs: 11, used: "20180630", builder: "GS건설", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 110.3], price: 2300 }),
  apt("더샵스타시티", "1121510500", "아차산로", "262", "227-7", { hh: 1310, dongs: 4, used: "20070228", builder: "포스코건설", heat: I, hall: MIXED, floors: 58, areas: [84.9, 134.5, 167.1, 188.1], price: 2000 }),
  apt("래미안크레시티", "1123010400", "사가정로", "65", "690", { hh: 2397, dongs: 24, used: "20130531", builder: "삼성물산", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 121.4], price: 1500 }),
  apt("래미안길음센터피스", "1129013400", "길음로", "7", "1282", { hh: 2352, dongs: 22, used: "20190131", builder: "삼성물산", heat: S, hall: STAIR, floors: 25, areas: [49.6, 59.9, 84.9, 114.2], price: 1500 }),
  apt("SK북한산시티", "1130510100", "솔샘로", "174", "1353", { hh: 3830, dongs: 48, used: "20040630", builder: "SK건설", heat: I, hall: STAIR, floors: 25, areas: [59.9, 84.9, 114.9, 134.9], price: 900 }),
  apt("창동주공3단지", "1132010700", "노해로", "70", "320", { hh: 2856, dongs: 24, used: "19900930", builder: "대한주택공사", heat: S, hall: CORRIDOR, floors: 15, areas: [41.3, 49.9, 58.0], price: 900 }),
  apt("상계주공7단지", "1135010500", "동일로", "1477", "714", { hh: 2634, dongs: 25, used: "19880831", builder: "대한주택공사", heat: S, hall: CORRIDOR, floors: 15, areas: [41.3, 49.9, 59.4, 79.1], price: 1200 }),
  apt("중계청구3차", "1135010600", "중계로", "233", "359", { hh: 780, dongs: 7, used: "19960630", builder: "청구", heat: S, hall: STAIR, floors: 15, areas: [84.9, 115.1], price: 1300 }),
  // 마포구·서대문구·은평구·용산구·중구
  apt("마포래미안푸르지오", "1144010100", "마포대로", "195", "777", { hh: 3885, dongs: 42, used: "20140930", builder: "삼성물산", heat: S, hall: STAIR, floors: 28, areas: [59.9, 84.9, 114.9], price: 2400 }),
  apt("공덕자이", "1144010200", "만리재로", "24", "476", { hh: 1164, dongs: 13, used: "20151130", builder: "GS건설", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 114.9], price: 2300 }),
  apt("e편한세상신촌", "1141011000", "북아현로", "30", "1040", { hh: 1910, dongs: 19, used: "20161031", builder: "대림산업", heat: S, hall: STAIR, floors: 24, areas: [59.9, 84.9, 114.4], price: 1800 }),
  apt("래미안베라힐즈", "1138010200", "통일로", "618", "309", { hh: 1305, dongs: 14, used: "20151130", builder: "삼성물산", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 114.2], price: 1300 }),
  apt("한가람", "1117012900", "이촌로", "319", "404", { hh: 2036, dongs: 19, used: "19980930", builder: "현대건설", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 114.7], price: 2600 }),
  apt("삼익", "1117012900", "이촌로", "260", "300-301", { hh: 252, dongs: 2, used: "19790530", builder: "삼익주택", heat: C, hall: STAIR, floors: 12, areas: [104.3, 145.19], price: 2300, seq: "11170-49" }),
  apt("한남더힐", "1117013100", "독서당로", "111", "810", { hh: 600, dongs: 32, used: "20110130", builder: "금호건설", heat: I, hall: STAIR, floors: 12, areas: [87.9, 177.8, 208.5, 235.3], price: 4500 }),
  apt("남산타운", "1114016200", "다산로", "32", "844", { hh: 5150, dongs: 42, used: "20020530", builder: "삼성물산", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 114.9], price: 1500 }),
  // 영등포구·동작구·양천구·강서구·구로구·금천구·관악구
  apt("여의도시범", "1156011000", "여의대방로", "365", "50", { hh: 1584, dongs: 24, used: "19711201", builder: "서울특별시", heat: C, hall: CORRIDOR, floors: 13, areas: [60.96, 79.24, 118.12, 156.99], price: 2800 }),
  apt("아크로리버하임", "1159010500", "흑석한강로", "13", "341", { hh: 1073, dongs: 19, used: "20190930", builder: "대림산업", heat: S, hall: STAIR, floors: 20, areas: [59.9, 84.9, 112.3], price: 2700 }),
  apt("목동신시가지7단지", "1147010200", "목동서로", "130", "905", { hh: 2550, dongs: 34, used: "19861130", builder: "대한주택공사", heat: S, hall: STAIR, floors: 15, areas: [53.8, 66.6, 74.3, 89.3, 101.2], price: 2900 }),
  apt("목동신시가지5단지", "1147010200", "목동동로", "130", "907", { hh: 1848, dongs: 25, used: "19861231", builder: "대한주택공사", heat: S, hall: STAIR, floors: 15, areas: [65.0, 95.0, 115.2, 142.2], price: 3000 }),
  apt("마곡엠밸리7단지", "1150010500", "마곡중앙5로", "6", "762", { hh: 1004, dongs: 13, used: "20140630", builder: "현대건설", heat: S, hall: STAIR, floors: 15, areas: [59.9, 84.9, 114.9], price: 1700 }),
  apt("신도림디큐브시티", "1153010100", "경인로", "662", "692", { hh: 524, dongs: 2, used: "20110630", builder: "대성산업", heat: I, hall: MIXED, floors: 51, areas: [84.9, 111.2, 136.4, 167.3], price: 1200 }),
  apt("롯데캐슬골드파크1차", "1154510200", "두산로", "70", "1155", { hh: 1743, dongs: 12, used: "20161031", builder: "롯데건설", heat: S, hall: STAIR, floors: 41, areas: [59.9, 84.9, 114.4], price: 1300 }),
  apt("관악드림타운", "1162010100", "성현로", "80", "1718", { hh: 3544, dongs: 44, used: "20030930", builder: "삼성물산", heat: I, hall: STAIR, floors: 20, areas: [59.9, 84.9, 114.9], price: 1100 }),
  // 부산 해운대구
  apt("해운대아이파크", "2635010500", "마린시티3로", "51", "1407", { hh: 1631, dongs: 3, used: "20111130", builder: "현대산업개발", heat: I, hall: MIXED, floors: 72, areas: [115.4, 135.2, 165.7, 218.3, 285.1], price: 1600 }),
  apt("두산위브더제니스", "2635010500", "마린시티2로", "33", "1408", { hh: 1788, dongs: 3, used: "20111130", builder: "두산건설", heat: I, hall: MIXED, floors: 80, areas: [97.3, 130.1, 165.4, 222.6], price: 1500 }),
  apt("엘시티더샵", "2635010600", "달맞이길", "30", "1830", { hh: 882, dongs: 2, used: "20191130", builder: "포스코건설", heat: I, hall: MIXED, floors: 85, areas: [144.2, 161.4, 186.3, 244.1], price: 2200 }),
  // 대구 수성구
  apt("두산위브더제니스", "2726010100", "동대구로", "212", "186", { hh: 1494, dongs: 7, used: "20090630", builder: "두산건설", heat: I, hall: MIXED, floors: 54, areas: [84.9, 111.3, 141.2, 168.5], price: 1500 }),
  apt("범어센트럴푸르지오", "2726010100", "범어천로", "91", "217", { hh: 605, dongs: 6, used: "20181130", builder: "대우건설", heat: I, hall: STAIR, floors: 32, areas: [84.9, 101.3], price: 1400 }),
  // 인천 연수구·서구
  apt("송도더샵퍼스트월드", "2818510600", "인천타워대로", "132", "24", { hh: 1596, dongs: 8, used: "20090731", builder: "포스코건설", heat: S, hall: MIXED, floors: 64, areas: [84.9, 112.4, 134.1, 178.2], price: 900 }),
  apt("송도센트럴파크푸르지오", "2818510600", "센트럴로", "194", "23-4", { hh: 729, dongs: 6, used: "20101130", builder: "대우건설", heat: S, hall: STAIR, floors: 35, areas: [84.9, 108.2, 119.4], price: 850 }),
  apt("청라자이", "2826012200", "청라커낼로", "100", "150", { hh: 1152, dongs: 11, used: "20111231", builder: "GS건설", heat: S, hall: STAIR, floors: 30, areas: [84.9, 101.3, 114.7], price: 700 }),
  // 대전 서구
  apt("크로바", "3017011200", "대덕대로", "222", "1056", { hh: 1632, dongs: 11, used: "19920930", builder: "럭키개발", heat: S, hall: STAIR, floors: 15, areas: [84.9, 101.9, 114.9, 134.3, 164.9], price: 1000 }),
  apt("목련", "3017011200", "둔산중로", "46", "1098", { hh: 1166, dongs: 10, used: "19930930", builder: "한신공영", heat: S, hall: STAIR, floors: 15, areas: [84.9, 101.9, 134.7], price: 850 }),
  // 세종
  apt("나릿재마을2단지리더스포레", "3611010700", "나성로", "130", "780", { hh: 1129, dongs: 14, used: "20170831", builder: "한신공영", heat: S, hall: STAIR, floors: 29, areas: [59.9, 84.9, 99.1], price: 800 }),
  apt("한뜰마을2단지세종더샵센트럴시티", "3611011000", "한누리대로", "2150", "540", { hh: 770, dongs: 9, used: "20150830", builder: "포스코건설", heat: S, hall: STAIR, floors: 35, areas: [59.9, 84.9, 107.2], price: 900 }),
  // 경기 수원시 영통구
  apt("광교자연앤힐스테이트", "4111710300", "광교호수공원로", "80", "1349", { hh: 1764, dongs: 15, used: "20120630", builder: "현대건설", heat: S, hall: STAIR, floors: 35, areas: [84.9, 97.5, 107.1, 126.3], price: 1600 }),
  apt("광교중흥S클래스", "4111710300", "광교호수로", "200", "1388", { hh: 2231, dongs: 12, used: "20190331", builder: "중흥건설", heat: S, hall: STAIR, floors: 49, areas: [84.9, 109.2, 129.8], price: 1900 }),
  apt("매탄위브하늘채", "4111710100", "원천로", "179", "1285", { hh: 3391, dongs: 28, used: "20140331", builder: "두산건설", heat: I, hall: STAIR, floors: 29, areas: [59.9, 84.9, 101.4], price: 800 }),
  // 경기 성남시 분당구
  apt("파크뷰", "4113510300", "정자일로", "248", "6", { hh: 1829, dongs: 9, used: "20040630", builder: "포스코건설", heat: I, hall: MIXED, floors: 36, areas: [124.4, 137.3, 160.4, 186.2, 226.7], price: 1600 }),
  apt("시범한양", "4113510500", "서현로", "247", "96", { hh: 2419, dongs: 27, used: "19910930", builder: "한양", heat: S, hall: STAIR, floors: 20, areas: [59.4, 84.5, 106.9, 131.4, 167.2], price: 1500 }),
  apt("시범삼성한신", "4113510500", "서현로", "210", "88", { hh: 1781, dongs: 20, used: "19910930", builder: "삼성종합건설", heat: S, hall: STAIR, floors: 20, areas: [59.9, 84.9, 107.3, 131.2, 165.1], price: 1550 }),
  apt("봇들마을7단지", "4113510900", "동판교로", "52", "641", { hh: 585, dongs: 9, used: "20090630", builder: "한국토지주택공사", heat: S, hall: STAIR, floors: 25, areas: [84.9, 101.4, 117.3], price: 2200 }),
  apt("판교푸르지오그랑블", "4113511000", "동판교로", "177", "542", { hh: 948, dongs: 9, used: "20110630", builder: "대우건설", heat: S, hall: STAIR, floors: 30, areas: [97.7, 117.1, 139.7, 265.6], price: 2300 }),
  apt("양지마을한양", "4113510200", "내정로", "119", "51", { hh: 1430, dongs: 12, used: "19920930", builder: "한양", heat: S, hall: STAIR, floors: 25, areas: [59.9, 84.9, 106.1, 164.3], price: 1900 }),
  // 제주시
  apt("노형2차아이파크", "5011012200", "노형로", "370", "3022", { hh: 636, dongs: 9, used: "20051130", builder: "현대산업개발", heat: I, hall: STAIR, floors: 15, areas: [84.9, 114.8, 134.6], price: 600 }),
  apt("연동대림2차", "5011013700", "연북로", "200", "2322", { hh: 480, dongs: 6, used: "19931130", builder: "대림산업", heat: I, hall: STAIR, floors: 15, areas: [84.9, 101.2], price: 450 }),
];

function numberPair(text: string): [number, number] {
  const [main = "0", sub = "0"] = text.split("-");
  return [Number(main), Number(sub)];
}

/** A K-apt style code: A followed by 8 digits. */
function kaptCodeOf(seed: ComplexSeed): string {
  return seed.kapt ?? `A1${String(hash32(`kapt:${seed.dong}:${seed.name}`) % 10_000_000).padStart(7, "0")}`;
}

function aptSeqOf(seed: ComplexSeed): string {
  return seed.seq ?? `${seed.dong.slice(0, 5)}-${seededInt(`aptseq:${seed.dong}:${seed.name}`, 100, 9999)}`;
}

function complexOf(seed: ComplexSeed): Complex {
  const [no, sub] = numberPair(seed.no);
  const [bun, ji] = numberPair(seed.lot);
  const address = resolveAddress({
    id: `apt:${seed.dong}:${seed.name}`,
    dong: seed.dong,
    road: seed.road,
    no,
    sub,
    bun,
    ji,
    name: seed.name,
    apartment: true,
    ...(seed.zip ? { zip: seed.zip } : {}),
    ...(seed.at ? { at: seed.at } : {}),
    details: buildingDongNames(seed.used, seed.dongs),
  });
  return {
    kaptCode: kaptCodeOf(seed),
    kaptName: seed.name,
    aptSeq: aptSeqOf(seed),
    address,
    households: seed.hh,
    dongCount: seed.dongs,
    useDate: seed.used,
    buildYear: Number(seed.used.slice(0, 4)),
    builder: seed.builder,
    heating: seed.heat,
    hall: seed.hall,
    topFloor: seed.floors,
    areas: seed.areas,
    pricePerM2: seed.price,
    mixedUse: seed.hall === MIXED && seed.floors >= 30,
  };
}

/** 동 names of a complex: 1동… for complexes approved before 1990, 101동… after, as the registers write them. */
export function buildingDongNames(useDate: string, count: number): string[] {
  const old = Number(useDate.slice(0, 4)) < 1990;
  return Array.from({ length: count }, (_, i) => (old ? `${i + 1}동` : `${101 + i}동`));
}

export const COMPLEXES: readonly Complex[] = SEEDS.map(complexOf);

const byKaptCode = new Map(COMPLEXES.map((c) => [c.kaptCode, c]));

export function complexByKaptCode(kaptCode: string): Complex | undefined {
  return byKaptCode.get(kaptCode);
}

export function complexesInDong(bjdCode: string): Complex[] {
  return COMPLEXES.filter((c) => c.address.admCd === bjdCode);
}

export function complexesInSigungu(lawdCd: string): Complex[] {
  return COMPLEXES.filter((c) => c.address.sigungu.code === lawdCd);
}
