/**
 * Street-level detail per 시군구 shared by the health and business worlds: real arterial road
 * names, the 3-digit prefix of the district's 5-digit postal codes and the telephone area code,
 * so that hospitals, pharmacies and companies get addresses that read like the real ones.
 */
import { pick, seededInt } from "../../util/random";
import { sidoOf, sigunguFullName, sigunguOf, type Dong } from "./regions";

interface Streets {
  roads: readonly string[];
  zip3: string;
}

const STREETS: Record<string, Streets> = {
  "11110": { roads: ["종로", "율곡로", "삼일대로", "창경궁로", "자하문로"], zip3: "030" },
  "11140": { roads: ["을지로", "퇴계로", "세종대로", "다산로", "남대문로"], zip3: "045" },
  "11170": { roads: ["한강대로", "이태원로", "원효로", "서빙고로", "녹사평대로"], zip3: "043" },
  "11200": { roads: ["왕십리로", "성수일로", "아차산로", "고산자로", "무학로"], zip3: "047" },
  "11215": { roads: ["능동로", "아차산로", "자양로", "광나루로", "천호대로"], zip3: "050" },
  "11230": { roads: ["왕산로", "천호대로", "회기로", "답십리로", "장한로"], zip3: "025" },
  "11260": { roads: ["망우로", "동일로", "용마산로", "면목로", "신내로"], zip3: "020" },
  "11290": { roads: ["보문로", "동소문로", "정릉로", "화랑로", "종암로"], zip3: "027" },
  "11305": { roads: ["도봉로", "삼양로", "솔매로", "한천로", "인수봉로"], zip3: "011" },
  "11320": { roads: ["도봉로", "노해로", "방학로", "해등로", "우이천로"], zip3: "013" },
  "11350": { roads: ["동일로", "노해로", "한글비석로", "공릉로", "상계로"], zip3: "017" },
  "11380": { roads: ["통일로", "은평로", "연서로", "응암로", "진관2로"], zip3: "034" },
  "11410": { roads: ["연세로", "신촌로", "통일로", "연희로", "명지대길"], zip3: "037" },
  "11440": { roads: ["양화로", "월드컵로", "마포대로", "독막로", "백범로"], zip3: "040" },
  "11470": { roads: ["목동로", "오목로", "목동동로", "신월로", "안양천로"], zip3: "080" },
  "11500": { roads: ["공항대로", "화곡로", "강서로", "양천로", "마곡중앙로"], zip3: "077" },
  "11530": { roads: ["구로중앙로", "디지털로", "경인로", "새말로", "오리로"], zip3: "083" },
  "11545": { roads: ["가산디지털1로", "시흥대로", "벚꽃로", "독산로", "디지털로"], zip3: "085" },
  "11560": { roads: ["여의대로", "국제금융로", "영등포로", "당산로", "선유로"], zip3: "072" },
  "11590": { roads: ["노량진로", "상도로", "흑석로", "사당로", "여의대방로"], zip3: "069" },
  "11620": { roads: ["관악로", "남부순환로", "신림로", "봉천로", "호암로"], zip3: "088" },
  "11650": { roads: ["서초대로", "강남대로", "반포대로", "방배로", "양재대로"], zip3: "067" },
  "11680": { roads: ["테헤란로", "도산대로", "선릉로", "논현로", "삼성로", "언주로"], zip3: "062" },
  "11710": { roads: ["올림픽로", "송파대로", "백제고분로", "오금로", "중대로"], zip3: "055" },
  "11740": { roads: ["천호대로", "양재대로", "성내로", "동남로", "고덕로"], zip3: "053" },
  "26350": { roads: ["해운대로", "센텀중앙로", "좌동순환로", "재반로", "구남로"], zip3: "480" },
  "27260": { roads: ["달구벌대로", "동대구로", "범어로", "수성로", "만촌로"], zip3: "421" },
  "28185": { roads: ["컨벤시아대로", "송도과학로", "아트센터대로", "인천타워대로"], zip3: "219" },
  "28260": { roads: ["청라대로", "청라커낼로", "크리스탈로", "봉오대로"], zip3: "227" },
  "30170": { roads: ["둔산로", "대덕대로", "한밭대로", "계룡로", "도안대로"], zip3: "352" },
  "36110": { roads: ["한누리대로", "나성북로", "도움6로", "아름서길", "보듬7로"], zip3: "301" },
  "41117": { roads: ["광교중앙로", "광교호수로", "월드컵로", "대학로", "봉영로"], zip3: "166" },
  "41135": { roads: ["판교역로", "정자일로", "황새울로", "분당로", "성남대로"], zip3: "135" },
  "41285": { roads: ["중앙로", "일산로", "정발산로", "호수로", "강송로"], zip3: "104" },
  "50110": { roads: ["노연로", "연북로", "신대로", "도령로", "신광로"], zip3: "631" },
};

const AREA_CODES: Record<string, string> = { "11": "02", "26": "051", "27": "053", "28": "032", "30": "042", "36": "044", "41": "031", "50": "064" };

function streetsOf(sigunguCode: string): Streets {
  const streets = STREETS[sigunguCode];
  if (!streets) throw new Error(`no streets for 시군구 ${sigunguCode}`);
  return streets;
}

/** "서울특별시 강남구 테헤란로 152" with a building number chosen by the seed. */
export function roadAddress(dong: Dong, seed: string): string {
  const sigungu = sigunguOf(dong.sigungu);
  const road = pick(`road:${seed}`, streetsOf(dong.sigungu).roads);
  const main = seededInt(`road-no:${seed}`, 2, 420);
  const sub = seededInt(`road-sub:${seed}`, 0, 9) < 7 ? "" : `-${seededInt(`road-sub-no:${seed}`, 1, 12)}`;
  return `${sigungu ? sigunguFullName(sigungu) : ""} ${road} ${main}${sub}`.trim();
}

/** A 5-digit postal code inside the district's real range. */
export function postalCode(dong: Dong, seed: string): string {
  return `${streetsOf(dong.sigungu).zip3}${String(seededInt(`zip:${seed}`, 0, 99)).padStart(2, "0")}`;
}

/** A landline number with the 시도's area code, e.g. 02-3453-1234 or 031-712-4567. */
export function telephone(dong: Dong, seed: string): string {
  const area = AREA_CODES[sidoOf(dong.code)?.code ?? ""] ?? "02";
  const exchange = area === "02" ? seededInt(`tel-ex:${seed}`, 2000, 6999) : seededInt(`tel-ex:${seed}`, 200, 999);
  return `${area}-${exchange}-${String(seededInt(`tel-no:${seed}`, 0, 9999)).padStart(4, "0")}`;
}
