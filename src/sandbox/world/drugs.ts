/**
 * Over-the-counter medicines as 식약처 publishes them in e약은요 (의약품개요정보) and, for solid
 * forms, in 낱알식별: 9-digit 품목기준코드 (itemSeq = ITEM_SEQ), 업체명 as registered, the Q&A
 * texts in e약은요's plain-language style and the physical description of each tablet or capsule.
 * Liquids, ointments and patches have no 낱알식별 row, as in the real data.
 */

export interface Pill {
  chart: string; // 성상
  printFront: string;
  printBack: string;
  shape: "원형" | "타원형" | "장방형" | "기타";
  color1: string;
  color2?: string;
  lineFront?: string;
  lengLong: string;
  lengShort: string;
  thick: string;
  formCodeName: string;
  classNo: string;
  className: string;
  permitDate: string; // YYYYMMDD
  imageRegistered: string; // YYYYMMDD
  engName: string;
}

export interface Drug {
  itemSeq: string;
  itemName: string;
  entpName: string;
  efcy: string;
  useMethod: string;
  atpnWarn?: string;
  atpn: string;
  intrc?: string;
  se?: string;
  deposit: string;
  openDe: string; // "2021-01-29 00:00:00"
  updateDe: string; // YYYYMMDD
  /** Key of the product photo on nedrug.mfds.go.kr, when one was registered. */
  image?: string;
  pill?: Pill;
}

const IMAGE_BASE = "https://nedrug.mfds.go.kr/pbp/cmn/itemImageDownload/";

export function imageUrl(key: string | undefined): string | null {
  return key === undefined ? null : `${IMAGE_BASE}${key}`;
}

const KEEP_ROOM = "실온에서 보관하십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.";
const KEEP_DRY = "습기와 빛을 피해 실온에서 보관하십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.";
const KEEP_TIGHT = "밀폐용기에 넣어 습기와 빛을 피해 실온에서 보관하십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.";

const ALCOHOL_WARN =
  "매일 세 잔 이상 정기적으로 술을 마시는 사람이 이 약이나 다른 해열진통제를 복용해야 할 경우 반드시 의사 또는 약사와 상의해야 합니다. 이러한 사람이 이 약을 복용하면 간손상이 유발될 수 있습니다.";
const NSAID_WARN =
  "매일 세 잔 이상 정기적으로 술을 마시는 사람이 이 약이나 다른 해열진통제를 복용해야 할 경우 반드시 의사 또는 약사와 상의해야 합니다. 이러한 사람이 이 약을 복용하면 위장출혈이 유발될 수 있습니다.";

const FEVER_PAIN_EFCY =
  "이 약은 감기로 인한 발열 및 동통(통증), 두통, 신경통, 근육통, 월경통, 염좌통(삔 통증), 치통, 관절통, 류마티양 동통(통증)에 사용합니다.";
const HEADACHE_EFCY =
  "이 약은 두통, 치통, 발치(이를 뺌)후 동통(통증), 인후(목구멍)통, 귀의 통증, 관절통, 신경통, 요(허리)통, 근육통, 견통(어깨결림), 타박통, 골절통, 염좌통(삔 통증), 월경통(생리통), 외상(상처)통의 진통과 오한(춥고 떨리는 증상), 발열시의 해열에 사용합니다.";
const APAP_ATPN =
  "이 약에 과민증 환자, 소화성궤양 환자, 심한 혈액 이상 환자, 심한 간장애 환자, 심한 신장(콩팥)장애 환자, 심한 심장기능저하 환자, 아스피린 천식(비스테로이드성 소염(항염)제에 의한 천식발작 유발) 또는 그 병력이 있는 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 간장애, 신장(콩팥)장애, 혈액 이상 또는 그 병력이 있는 환자, 임부 또는 수유부, 고령자는 의사 또는 약사와 상의하십시오.\n정해진 용법과 용량을 잘 지키십시오.\n5~6회 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const APAP_INTRC = "다른 해열진통제, 감기약, 진정제와 함께 복용하지 마십시오.\n와파린(혈액응고억제제)을 복용하는 환자는 의사 또는 약사와 상의하십시오.";
const APAP_SE =
  "쇼크 증상(호흡곤란, 온몸이 붉어짐, 혈관부기, 두드러기 등), 천식발작, 혈소판감소, 과립구감소, 용혈성빈혈, 메트헤모글로빈혈증, 간기능저하, 구역, 구토, 식욕부진, 발진, 피부점막안증후군(스티븐스-존슨 증후군), 독성표피괴사용해(리엘 증후군)가 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const NSAID_ATPN =
  "이 약에 과민증 환자, 소화성궤양 환자, 심한 혈액 이상 환자, 심한 간장애 환자, 심한 신장(콩팥)장애 환자, 심한 심장기능저하 환자, 심한 고혈압 환자, 아스피린 천식 또는 그 병력이 있는 환자, 임신 3기(28주 이상)의 여성, 관상동맥 우회로술 전후에 통증 치료가 필요한 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 고혈압, 심부전, 천식, 궤양성대장염, 크론병, 전신성 홍반성 루푸스 환자, 고령자, 임부 또는 수유부는 의사 또는 약사와 상의하십시오.\n정해진 용법과 용량을 잘 지키십시오.";
const NSAID_INTRC = "다른 해열진통제, 감기약, 진정제와 함께 복용하지 마십시오.\n와파린, 메토트렉세이트, 리튬, 이뇨제, 스테로이드제를 복용하는 환자는 의사 또는 약사와 상의하십시오.";
const NSAID_SE =
  "쇼크 증상(호흡곤란, 온몸이 붉어짐, 혈관부기, 두드러기 등), 위장출혈, 소화불량, 구역, 구토, 복통, 발진, 두드러기, 어지러움, 부종, 혈압상승이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const DIGEST_EFCY = "이 약은 소화불량, 식욕감퇴(식욕부진), 과식, 체함, 소화촉진, 소화불량으로 인한 위부팽만감에 사용합니다.";
const DIGEST_ATPN =
  "이 약에 과민증 환자, 만 2세 이하의 영아, 돼지 단백질에 과민증 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부, 고령자, 간장애 환자는 의사 또는 약사와 상의하십시오.\n정해진 용법과 용량을 잘 지키십시오.\n2주 정도 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const DIGEST_SE = "발진, 발적(붉어짐), 가려움이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const COLD_EFCY =
  "이 약은 감기의 제증상(콧물, 코막힘, 재채기, 인후(목구멍)통, 기침, 가래, 오한(춥고 떨리는 증상), 발열, 두통, 관절통, 근육통)의 완화에 사용합니다.";
const COLD_ATPN =
  "이 약에 과민증 환자, 만 3개월 미만의 젖먹이, 수유부, 녹내장 환자, 전립선비대증 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 고령자, 고열 환자, 심장병, 고혈압, 당뇨병 환자는 의사 또는 약사와 상의하십시오.\n이 약을 복용한 후 졸음이 올 수 있으므로 자동차 운전 또는 위험한 기계 조작을 하지 마십시오.\n5~6회 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const COLD_INTRC =
  "다른 감기약, 해열진통제, 진해거담제, 항히스타민제를 함유하는 내복약(비염용 경구제, 멀미약, 알레르기용약 등), 진정제와 함께 복용하지 마십시오.\nMAO 억제제를 복용하는 환자는 이 약을 복용하기 전에 의사 또는 약사와 상의하십시오.";
const COLD_SE =
  "발진, 발적(붉어짐), 가려움, 구역, 구토, 식욕부진, 변비, 배뇨곤란, 졸음, 목마름, 어지러움이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const ANTIHIST_ATPN =
  "이 약에 과민증 환자, 중증의 신장(콩팥)장애 환자, 갈락토오스 불내성, Lapp 유당분해효소 결핍증 또는 포도당-갈락토오스 흡수장애 등의 유전적인 문제가 있는 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부, 고령자, 간장애 환자는 의사 또는 약사와 상의하십시오.\n졸음이 올 수 있으므로 자동차 운전 또는 위험한 기계 조작을 할 때는 주의하십시오.";
const ANTIHIST_INTRC = "알코올, 진정제와 함께 복용하면 졸음이 심해질 수 있으므로 주의하십시오.";
const ANTIHIST_SE = "졸음, 피로, 두통, 어지러움, 입마름, 구역, 복통이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const VITAMIN_EFCY =
  "이 약은 육체피로, 근육통, 관절통, 신경통, 눈의 피로의 완화와 임신·수유기, 병중·병후(병을 앓는 동안이나 회복 후)의 체력 저하 시, 노년기의 비타민 B1, B2, B6, B12의 보급에 사용합니다.";
const VITAMIN_ATPN =
  "이 약에 과민증 환자, 만 12세 미만의 어린이는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부, 신장(콩팥)장애 환자는 의사 또는 약사와 상의하십시오.\n이 약의 복용에 의해 소변이 황색으로 변할 수 있으며 임상검사치에 영향을 줄 수 있습니다.\n1개월 정도 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const VITAMIN_SE = "발진, 가려움, 구역, 구토, 위부불쾌감, 설사, 변비가 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.";
const GUM_EFCY = "이 약은 치주질환(치은염, 경·중등도 치주염)의 보조치료에 사용합니다.";
const GUM_ATPN =
  "이 약에 과민증 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부는 의사 또는 약사와 상의하십시오.\n치과의사의 치료와 함께 복용하십시오.\n1개월 정도 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사, 치과의사 또는 약사와 상의하십시오.";

const OPENED = "2021-01-29 00:00:00";

/** 해열·진통 tablet in the film-coated style of most acetaminophen products. */
const painPill = (p: Omit<Pill, "classNo" | "className">): Pill => ({ ...p, classNo: "01140", className: "해열.진통.소염제" });

export const DRUGS: readonly Drug[] = [
  {
    itemSeq: "202106092",
    itemName: "타이레놀정500밀리그람(아세트아미노펜)",
    entpName: "한국존슨앤드존슨판매(유)",
    efcy: FEVER_PAIN_EFCY,
    useMethod: "만 12세 이상 소아 및 성인은 1회 1~2정씩 1일 3~4회(4~6시간마다) 필요시 복용합니다. 1일 최대 4그램(8정)을 초과하여 복용하지 않습니다.\n이 약은 가능한 최단기간 동안 최소 유효용량으로 복용하십시오.",
    atpnWarn: ALCOHOL_WARN,
    atpn: APAP_ATPN,
    intrc: APAP_INTRC,
    se: APAP_SE,
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20240318",
    image: "152035092098000085",
    pill: painPill({ chart: "흰색의 장방형 필름코팅정", printFront: "TYLENOL", printBack: "500", shape: "장방형", color1: "하양", lengLong: "17.6", lengShort: "7.1", thick: "5.6", formCodeName: "필름코팅정", permitDate: "20210616", imageRegistered: "20210820", engName: "Tylenol Tablet 500mg" }),
  },
  {
    itemSeq: "202106093",
    itemName: "타이레놀8시간이알서방정(아세트아미노펜)",
    entpName: "한국존슨앤드존슨판매(유)",
    efcy: FEVER_PAIN_EFCY,
    useMethod: "만 12세 이상 소아 및 성인은 1회 2정씩 8시간마다 필요시 복용합니다. 1일 6정을 초과하여 복용하지 않습니다.\n이 약은 서방정이므로 쪼개거나 씹거나 부수지 말고 그대로 삼켜서 복용합니다.",
    atpnWarn: ALCOHOL_WARN,
    atpn: APAP_ATPN,
    intrc: APAP_INTRC,
    se: APAP_SE,
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20240318",
    image: "152035092098000086",
    pill: painPill({ chart: "흰색의 장방형 서방성 필름코팅정", printFront: "TY", printBack: "8HR", shape: "장방형", color1: "하양", lengLong: "19.1", lengShort: "8.3", thick: "6.4", formCodeName: "서방성필름코팅정", permitDate: "20210616", imageRegistered: "20210820", engName: "Tylenol 8 Hour ER Tablet" }),
  },
  {
    itemSeq: "202106095",
    itemName: "어린이타이레놀현탁액(아세트아미노펜)",
    entpName: "한국존슨앤드존슨판매(유)",
    efcy: "이 약은 감기로 인한 발열 및 동통(통증), 두통, 치통, 근육통, 인후(목구멍)통, 귀의 통증, 예방접종 후 발열에 사용합니다.",
    useMethod: "만 4~6개월(7~8 kg)은 1회 2.5 mL, 만 7~11개월(8~9.5 kg)은 1회 3.5 mL, 만 12~23개월(10~11.5 kg)은 1회 5 mL, 만 2~3세(12~15 kg)는 1회 5 mL, 만 4~6세(16~21 kg)는 1회 7.5 mL, 만 7~8세(22~26 kg)는 1회 10 mL, 만 9~10세(27~31 kg)는 1회 12.5 mL, 만 11세(32~38 kg)는 1회 15 mL를 4~6시간 간격으로 필요시 복용합니다. 1일 5회를 초과하여 복용하지 않습니다.\n잘 흔들어서 복용합니다.",
    atpnWarn: ALCOHOL_WARN,
    atpn: "이 약에 과민증 환자, 소화성궤양 환자, 심한 혈액 이상 환자, 심한 간장애 환자, 심한 신장(콩팥)장애 환자, 만 4개월 미만의 젖먹이는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 간장애, 신장(콩팥)장애 또는 그 병력이 있는 어린이는 의사 또는 약사와 상의하십시오.\n정해진 용법과 용량을 잘 지키십시오.\n3일 이상 발열이 계속되거나 통증이 5일 이상 지속되면 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    intrc: APAP_INTRC,
    se: APAP_SE,
    deposit: "실온에서 보관하십시오.\n개봉 후에는 뚜껑을 꼭 닫아 보관하십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.",
    openDe: OPENED,
    updateDe: "20240318",
  },
  {
    itemSeq: "200406871",
    itemName: "써스펜8시간이알서방정(아세트아미노펜)",
    entpName: "한미약품(주)",
    efcy: FEVER_PAIN_EFCY,
    useMethod: "만 12세 이상 소아 및 성인은 1회 2정씩 8시간마다 필요시 복용합니다. 1일 6정을 초과하여 복용하지 않습니다.\n이 약은 서방정이므로 쪼개거나 씹거나 부수지 말고 그대로 삼켜서 복용합니다.",
    atpnWarn: ALCOHOL_WARN,
    atpn: APAP_ATPN,
    intrc: APAP_INTRC,
    se: APAP_SE,
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20230705",
    image: "151317451230800023",
    pill: painPill({ chart: "흰색의 장방형 서방성 필름코팅정", printFront: "HM", printBack: "SP", shape: "장방형", color1: "하양", lengLong: "19.0", lengShort: "8.5", thick: "6.2", formCodeName: "서방성필름코팅정", permitDate: "20040921", imageRegistered: "20110415", engName: "Suspen 8 Hour ER Tab." }),
  },
  {
    itemSeq: "197300027",
    itemName: "게보린정(수출명:돌로린정)",
    entpName: "삼진제약(주)",
    efcy: HEADACHE_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1정, 1일 3회까지 공복을 피해 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpnWarn: ALCOHOL_WARN,
    atpn: "이 약에 과민증 환자, 소화성궤양 환자, 심한 혈액 이상 환자, 심한 간장애 환자, 심한 신장(콩팥)장애 환자, 피린계 약물에 과민증 환자, 만 15세 미만의 소아는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부, 고령자, 위장장애 환자는 의사 또는 약사와 상의하십시오.\n정해진 용법과 용량을 잘 지키십시오.\n커피나 카페인을 함유한 음료와 함께 복용하지 마십시오.",
    intrc: "다른 해열진통제, 감기약, 진정제, 진해거담제와 함께 복용하지 마십시오.",
    se: APAP_SE,
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20220811",
    image: "147426403087300104",
    pill: painPill({ chart: "흰색의 원형 정제", printFront: "SJ", printBack: "GEB", shape: "원형", color1: "하양", lineFront: "-", lengLong: "11.0", lengShort: "11.0", thick: "4.2", formCodeName: "나정", permitDate: "19730521", imageRegistered: "20100211", engName: "Geborin Tab." }),
  },
  {
    itemSeq: "200403521",
    itemName: "펜잘큐정",
    entpName: "(주)종근당",
    efcy: HEADACHE_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1정, 1일 3회까지 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpnWarn: ALCOHOL_WARN,
    atpn: APAP_ATPN,
    intrc: "다른 해열진통제, 감기약, 진정제와 함께 복용하지 마십시오.\n커피나 카페인을 함유한 음료와 함께 복용하지 마십시오.",
    se: APAP_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20230214",
    image: "151186718497000152",
    pill: painPill({ chart: "흰색의 원형 필름코팅정", printFront: "CKD", printBack: "PQ", shape: "원형", color1: "하양", lengLong: "11.5", lengShort: "11.5", thick: "5.0", formCodeName: "필름코팅정", permitDate: "20040716", imageRegistered: "20101103", engName: "Penzal Q Tab." }),
  },
  {
    itemSeq: "200808177",
    itemName: "그날엔정",
    entpName: "경동제약(주)",
    efcy: HEADACHE_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1정, 1일 3회까지 공복을 피해 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpnWarn: NSAID_WARN,
    atpn: NSAID_ATPN,
    intrc: NSAID_INTRC,
    se: NSAID_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20220530",
    image: "151317451231400071",
    pill: painPill({ chart: "분홍색의 타원형 필름코팅정", printFront: "KD", printBack: "GNE", shape: "타원형", color1: "분홍", lengLong: "14.2", lengShort: "7.4", thick: "5.1", formCodeName: "필름코팅정", permitDate: "20080627", imageRegistered: "20110615", engName: "Geunalen Tab." }),
  },
  {
    itemSeq: "197400035",
    itemName: "부루펜정200밀리그램(이부프로펜)",
    entpName: "삼일제약(주)",
    efcy: "이 약은 감기로 인한 발열 및 동통(통증), 요통, 월경곤란증, 두통, 치통, 근육통, 관절통, 신경통, 류마티양 관절염, 골관절염(퇴행성 관절질환)에 사용합니다.",
    useMethod: "성인은 1회 1~2정(200~400 mg) 1일 3~4회 공복을 피해 복용합니다. 1일 최대 6정(1,200 mg)을 초과하여 복용하지 않습니다.",
    atpnWarn: NSAID_WARN,
    atpn: NSAID_ATPN,
    intrc: NSAID_INTRC,
    se: NSAID_SE,
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20231020",
    image: "147426403087300211",
    pill: painPill({ chart: "분홍색의 원형 당의정", printFront: "B200", printBack: "", shape: "원형", color1: "분홍", lengLong: "9.6", lengShort: "9.6", thick: "4.8", formCodeName: "당의정", permitDate: "19740215", imageRegistered: "20100309", engName: "Brufen Tab. 200mg" }),
  },
  {
    itemSeq: "201309052",
    itemName: "이지엔6애니연질캡슐(이부프로펜)",
    entpName: "(주)대웅제약",
    efcy: "이 약은 두통, 치통, 생리통(월경통), 근육통, 요(허리)통, 관절통, 신경통, 감기로 인한 발열 및 동통(통증)에 사용합니다.",
    useMethod: "만 15세 이상 및 성인은 1회 1~2캡슐, 1일 3~4회 공복을 피해 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpnWarn: NSAID_WARN,
    atpn: NSAID_ATPN,
    intrc: NSAID_INTRC,
    se: NSAID_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20230926",
    image: "151186718497000311",
    pill: painPill({ chart: "분홍색 투명한 장방형의 연질캡슐", printFront: "EZN6", printBack: "", shape: "장방형", color1: "분홍", color2: "투명", lengLong: "15.4", lengShort: "7.9", thick: "6.1", formCodeName: "연질캡슐제, 액상", permitDate: "20130912", imageRegistered: "20140224", engName: "Easyn6 Any Soft Cap." }),
  },
  {
    itemSeq: "201006231",
    itemName: "이지엔6프로연질캡슐(덱시부프로펜)",
    entpName: "(주)대웅제약",
    efcy: "이 약은 두통, 치통, 생리통(월경통), 근육통, 요(허리)통, 관절통, 신경통, 감기로 인한 발열 및 동통(통증)에 사용합니다.",
    useMethod: "만 15세 이상 및 성인은 1회 1캡슐, 1일 3~4회 공복을 피해 복용합니다. 1일 최대 4캡슐을 초과하여 복용하지 않습니다.",
    atpnWarn: NSAID_WARN,
    atpn: NSAID_ATPN,
    intrc: NSAID_INTRC,
    se: NSAID_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20230926",
    image: "151186718497000312",
    pill: painPill({ chart: "초록색 투명한 장방형의 연질캡슐", printFront: "EZN6 PRO", printBack: "", shape: "장방형", color1: "초록", color2: "투명", lengLong: "14.8", lengShort: "7.6", thick: "6.0", formCodeName: "연질캡슐제, 액상", permitDate: "20100628", imageRegistered: "20110107", engName: "Easyn6 Pro Soft Cap." }),
  },
  {
    itemSeq: "200901872",
    itemName: "탁센연질캡슐(나프록센)",
    entpName: "(주)녹십자",
    efcy: "이 약은 두통, 치통, 월경통(생리통), 근육통, 요(허리)통, 관절통, 신경통, 감기로 인한 발열 및 동통(통증)에 사용합니다.",
    useMethod: "만 15세 이상 및 성인은 처음 1회 2캡슐, 이후 필요시 8~12시간마다 1캡슐씩 공복을 피해 복용합니다. 1일 3캡슐을 초과하여 복용하지 않습니다.",
    atpnWarn: NSAID_WARN,
    atpn: NSAID_ATPN,
    intrc: NSAID_INTRC,
    se: NSAID_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20221207",
    image: "151317451230900041",
    pill: painPill({ chart: "초록색 투명한 타원형의 연질캡슐", printFront: "TAXEN", printBack: "", shape: "타원형", color1: "초록", color2: "투명", lengLong: "13.5", lengShort: "8.4", thick: "6.5", formCodeName: "연질캡슐제, 액상", permitDate: "20090305", imageRegistered: "20100525", engName: "Taxen Soft Cap." }),
  },
  {
    itemSeq: "200003092",
    itemName: "아스피린프로텍트정100밀리그램(아스피린)",
    entpName: "바이엘코리아(주)",
    efcy: "이 약은 다음 질환에서 혈전(피떡) 생성 억제에 사용합니다: 불안정형 협심증, 심근경색, 허혈성 뇌혈관 장애(일과성 허혈성 발작, 뇌경색)의 재발 방지, 관상동맥 우회술 및 경피적 관상동맥 성형술 후의 혈전 생성 억제.",
    useMethod: "성인은 1일 1회 1정(100 mg)을 복용합니다. 장용정이므로 씹거나 부수지 말고 충분한 물과 함께 식전 30분 이상 전에 복용합니다.",
    atpn: "이 약에 과민증 환자, 소화성궤양 환자, 출혈 경향이 있는 환자, 아스피린 천식 또는 그 병력이 있는 환자, 임신 3기(28주 이상)의 여성, 만 15세 미만의 수두 또는 인플루엔자 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 수술이나 치과치료를 앞둔 환자, 다른 항혈소판제나 항응고제를 복용 중인 환자는 의사 또는 약사와 상의하십시오.",
    intrc: "와파린 등 항응고제, 다른 비스테로이드성 소염진통제, 메토트렉세이트, 설포닐우레아계 당뇨병약과 함께 복용 시 의사 또는 약사와 상의하십시오.",
    se: "위장출혈, 구역, 구토, 위부불쾌감, 코피, 잇몸출혈, 멍, 발진, 두드러기가 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20231128",
    image: "147426403087300356",
    pill: { chart: "흰색의 원형 장용성 필름코팅정", printFront: "BA", printBack: "100", shape: "원형", color1: "하양", lengLong: "7.1", lengShort: "7.1", thick: "3.3", formCodeName: "장용성필름코팅정", classNo: "03390", className: "기타의 혈액 및 체액용약", permitDate: "20000315", imageRegistered: "20100420", engName: "Aspirin Protect Tab. 100mg" },
  },
  {
    itemSeq: "199200562",
    itemName: "베아제정",
    entpName: "(주)대웅제약",
    efcy: DIGEST_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1정, 1일 3회 식후에 복용합니다.",
    atpn: DIGEST_ATPN,
    se: DIGEST_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20210712",
    image: "147426403087300417",
    pill: { chart: "흰색의 원형 장용성 이층정", printFront: "DW", printBack: "BZ", shape: "원형", color1: "하양", lengLong: "11.2", lengShort: "11.2", thick: "6.0", formCodeName: "장용성필름코팅정", classNo: "02330", className: "건위소화제", permitDate: "19920227", imageRegistered: "20100215", engName: "Bearse Tab." },
  },
  {
    itemSeq: "201002113",
    itemName: "닥터베아제정",
    entpName: "(주)대웅제약",
    efcy: "이 약은 소화불량, 식욕감퇴(식욕부진), 과식, 체함, 소화촉진, 복부팽만감, 장내이상발효에 사용합니다.",
    useMethod: "만 15세 이상 및 성인은 1회 1정, 1일 3회 식후에 복용합니다.",
    atpn: DIGEST_ATPN,
    se: DIGEST_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20210712",
    image: "151186718497000418",
    pill: { chart: "분홍색의 원형 장용성 필름코팅정", printFront: "DW", printBack: "DB", shape: "원형", color1: "분홍", lengLong: "11.6", lengShort: "11.6", thick: "6.3", formCodeName: "장용성필름코팅정", classNo: "02330", className: "건위소화제", permitDate: "20100211", imageRegistered: "20110322", engName: "Doctor Bearse Tab." },
  },
  {
    itemSeq: "199300215",
    itemName: "훼스탈플러스정",
    entpName: "(주)한독",
    efcy: DIGEST_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1~2정, 1일 3회 식후에 복용합니다.",
    atpn: DIGEST_ATPN,
    se: DIGEST_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20220404",
    image: "147426403087300502",
    pill: { chart: "흰색의 원형 당의정", printFront: "HD", printBack: "FP", shape: "원형", color1: "하양", lengLong: "11.8", lengShort: "11.8", thick: "6.7", formCodeName: "당의정", classNo: "02330", className: "건위소화제", permitDate: "19930611", imageRegistered: "20100302", engName: "Festal Plus Tab." },
  },
  {
    itemSeq: "200701465",
    itemName: "훼스탈골드정",
    entpName: "(주)한독",
    efcy: DIGEST_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1정, 1일 3회 식후에 복용합니다.",
    atpn: DIGEST_ATPN,
    se: DIGEST_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20220404",
    image: "151186718497000503",
    pill: { chart: "노란색의 원형 장용성 필름코팅정", printFront: "HD", printBack: "FG", shape: "원형", color1: "노랑", lengLong: "12.0", lengShort: "12.0", thick: "6.5", formCodeName: "장용성필름코팅정", classNo: "02330", className: "건위소화제", permitDate: "20070514", imageRegistered: "20100302", engName: "Festal Gold Tab." },
  },
  {
    itemSeq: "197900233",
    itemName: "정로환당의정",
    entpName: "동성제약(주)",
    efcy: "이 약은 설사, 묽은 변, 소화불량으로 인한 설사, 식중독으로 인한 설사, 배탈에 사용합니다.",
    useMethod: "만 15세 이상 및 성인은 1회 4정, 1일 3회 식후에 복용합니다.",
    atpn: "이 약에 과민증 환자, 세균성 설사 환자, 만 5세 미만의 어린이는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부, 고열을 동반한 설사 환자는 의사 또는 약사와 상의하십시오.\n5~6일간 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    se: "발진, 가려움, 구역, 구토가 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20200911",
    image: "147426403087300618",
    pill: { chart: "갈색의 원형 당의정", printFront: "", printBack: "", shape: "원형", color1: "갈색", lengLong: "6.0", lengShort: "6.0", thick: "4.0", formCodeName: "당의정", classNo: "02390", className: "기타의 소화기관용약", permitDate: "19790410", imageRegistered: "20100507", engName: "Jeongrowhan Sugar Coated Tab." },
  },
  {
    itemSeq: "199701322",
    itemName: "둘코락스에스장용정",
    entpName: "오펠라헬스케어코리아(주)",
    efcy: "이 약은 변비, 치질(치핵)·항문열창 등으로 배변 시 통증이 있는 경우, 수술 전후·검사 전 장관 내용물의 배제에 사용합니다.",
    useMethod: "만 12세 이상 및 성인은 1일 1회 2정을 취침 전에 복용합니다. 장용정이므로 씹거나 부수지 말고 우유나 제산제와 함께 복용하지 마십시오.",
    atpn: "이 약에 과민증 환자, 급성 복부질환(충수염, 장출혈, 궤양성 결장염 등) 환자, 장폐색 환자, 심한 탈수 환자, 만 6세 미만의 어린이는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부는 의사 또는 약사와 상의하십시오.\n1주 이상 계속 복용하지 마십시오.",
    intrc: "제산제, 우유와 함께 복용하면 장용피가 빨리 녹아 위 자극이 나타날 수 있으므로 1시간 이상 간격을 두고 복용하십시오.",
    se: "복통, 복부불쾌감, 설사, 구역, 구토, 어지러움이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20240122",
    image: "147426403087300733",
    pill: { chart: "노란색의 원형 장용성 당의정", printFront: "S", printBack: "", shape: "원형", color1: "노랑", lengLong: "6.1", lengShort: "6.1", thick: "3.6", formCodeName: "장용성당의정", classNo: "02350", className: "하제, 완장제", permitDate: "19970908", imageRegistered: "20100225", engName: "Dulcolax-S Enteric Coated Tab." },
  },
  {
    itemSeq: "195800016",
    itemName: "마그밀정",
    entpName: "삼남제약(주)",
    efcy: "이 약은 변비, 위·십이지장궤양, 위염, 위산과다, 속쓰림에 사용합니다.",
    useMethod: "변비에는 성인 1일 4~6정을 1회 또는 수회 나누어 충분한 물과 함께 복용합니다. 제산제로는 성인 1회 1~2정, 1일 3~4회 복용합니다.",
    atpn: "이 약에 과민증 환자, 신장(콩팥)장애 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부, 고령자, 심장기능장애 환자는 의사 또는 약사와 상의하십시오.\n장기간 계속하여 복용하지 마십시오.",
    intrc: "테트라사이클린계 항생제, 뉴퀴놀론계 항균제, 철분제와 함께 복용하면 흡수가 감소할 수 있으므로 2시간 이상 간격을 두고 복용하십시오.",
    se: "설사, 복통, 구역이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20210929",
    image: "147426403087300812",
    pill: { chart: "흰색의 원형 정제", printFront: "SN", printBack: "MG", shape: "원형", color1: "하양", lineFront: "+", lengLong: "11.0", lengShort: "11.0", thick: "4.5", formCodeName: "나정", classNo: "02340", className: "제산제", permitDate: "19580812", imageRegistered: "20100419", engName: "Magmil Tab." },
  },
  {
    itemSeq: "198900541",
    itemName: "지르텍정(세티리진염산염)",
    entpName: "한국유씨비제약(주)",
    efcy: "이 약은 계절성 및 다년성 알레르기성 비염, 알레르기성 결막염, 두드러기, 피부가려움(습진, 피부염)에 사용합니다.",
    useMethod: "성인 및 만 6세 이상의 어린이는 1회 1정(10 mg)을 1일 1회 복용합니다.\n신장(콩팥)기능이 저하된 환자는 복용량을 줄여야 하므로 의사 또는 약사와 상의하십시오.",
    atpn: ANTIHIST_ATPN,
    intrc: ANTIHIST_INTRC,
    se: ANTIHIST_SE,
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20230411",
    image: "147426403087300951",
    pill: { chart: "흰색의 장방형 필름코팅정", printFront: "Y", printBack: "Y", shape: "장방형", color1: "하양", lineFront: "-", lengLong: "10.0", lengShort: "5.0", thick: "3.0", formCodeName: "필름코팅정", classNo: "01410", className: "항히스타민제", permitDate: "19890720", imageRegistered: "20100303", engName: "Zyrtec Tab." },
  },
  {
    itemSeq: "199500911",
    itemName: "클라리틴정(로라타딘)",
    entpName: "바이엘코리아(주)",
    efcy: "이 약은 알레르기성 비염과 관련된 증상(재채기, 콧물, 코 가려움, 눈 가려움 및 눈의 작열감)의 완화, 만성 두드러기 및 기타 알레르기성 피부질환의 증상 완화에 사용합니다.",
    useMethod: "성인 및 만 12세 이상의 어린이는 1회 1정(10 mg)을 1일 1회 복용합니다.",
    atpn: ANTIHIST_ATPN,
    intrc: "케토코나졸, 에리스로마이신, 시메티딘과 함께 복용 시 의사 또는 약사와 상의하십시오.",
    se: ANTIHIST_SE,
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20230411",
    image: "147426403087300962",
    pill: { chart: "흰색의 타원형 정제", printFront: "10", printBack: "", shape: "타원형", color1: "하양", lineFront: "-", lengLong: "9.5", lengShort: "6.3", thick: "3.4", formCodeName: "나정", classNo: "01410", className: "항히스타민제", permitDate: "19950412", imageRegistered: "20100303", engName: "Claritin Tab." },
  },
  {
    itemSeq: "197700117",
    itemName: "액티피드정",
    entpName: "삼일제약(주)",
    efcy: "이 약은 감기의 제증상(콧물, 코막힘, 재채기)의 완화, 알레르기성 비염, 혈관운동성 비염에 사용합니다.",
    useMethod: "만 12세 이상 및 성인은 1회 1정, 1일 3회 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpn: COLD_ATPN,
    intrc: COLD_INTRC,
    se: COLD_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20220117",
    image: "147426403087301015",
    pill: { chart: "흰색의 원형 정제", printFront: "AF", printBack: "", shape: "원형", color1: "하양", lineFront: "-", lengLong: "8.6", lengShort: "8.6", thick: "3.3", formCodeName: "나정", classNo: "01180", className: "종합감기제", permitDate: "19770303", imageRegistered: "20100311", engName: "Actifed Tab." },
  },
  {
    itemSeq: "198600153",
    itemName: "아로나민골드정",
    entpName: "일동제약(주)",
    efcy: VITAMIN_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1정, 1일 1회 식후에 복용합니다.",
    atpn: VITAMIN_ATPN,
    se: VITAMIN_SE,
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20221011",
    image: "147426403087301122",
    pill: { chart: "주황색의 원형 당의정", printFront: "", printBack: "", shape: "원형", color1: "주황", lengLong: "10.2", lengShort: "10.2", thick: "5.9", formCodeName: "당의정", classNo: "03120", className: "비타민 B1제", permitDate: "19860402", imageRegistered: "20100225", engName: "Aronamin Gold Tab." },
  },
  {
    itemSeq: "201101532",
    itemName: "비맥스메타정",
    entpName: "(주)녹십자",
    efcy: VITAMIN_EFCY,
    useMethod: "만 12세 이상 및 성인은 1회 1정, 1일 1회 식후에 복용합니다.",
    atpn: VITAMIN_ATPN,
    se: VITAMIN_SE,
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20221011",
    image: "151317451231100054",
    pill: { chart: "빨간색의 장방형 필름코팅정", printFront: "GC", printBack: "BM", shape: "장방형", color1: "빨강", lengLong: "19.5", lengShort: "8.9", thick: "7.2", formCodeName: "필름코팅정", classNo: "03120", className: "비타민 B1제", permitDate: "20110413", imageRegistered: "20120605", engName: "Bemax Meta Tab." },
  },
  {
    itemSeq: "201600874",
    itemName: "임팩타민프리미엄정",
    entpName: "(주)대웅제약",
    efcy: VITAMIN_EFCY,
    useMethod: "만 12세 이상 및 성인은 1회 1정, 1일 1회 식후에 복용합니다.",
    atpn: VITAMIN_ATPN,
    se: VITAMIN_SE,
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20221011",
    image: "151317451231100098",
    pill: { chart: "빨간색의 장방형 필름코팅정", printFront: "DW", printBack: "IP", shape: "장방형", color1: "빨강", lengLong: "19.8", lengShort: "9.1", thick: "7.0", formCodeName: "필름코팅정", classNo: "03120", className: "비타민 B1제", permitDate: "20160317", imageRegistered: "20161104", engName: "Impactamin Premium Tab." },
  },
  {
    itemSeq: "196100024",
    itemName: "우루사정100밀리그램(우르소데옥시콜산)",
    entpName: "(주)대웅제약",
    efcy: "이 약은 간기능 개선(간질환으로 인한 만성 간기능장애), 소화불량, 식욕부진, 육체피로에 사용합니다.",
    useMethod: "성인은 1회 1정, 1일 3회 식후에 복용합니다.",
    atpn: "이 약에 과민증 환자, 완전 담도폐쇄 환자, 중증 췌장질환 환자, 급성 담낭염 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부, 소화성궤양 환자는 의사 또는 약사와 상의하십시오.\n1개월 정도 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    intrc: "콜레스티라민, 알루미늄을 함유한 제산제와 함께 복용하면 이 약의 흡수가 감소할 수 있습니다.",
    se: "설사, 변비, 구역, 복부팽만감, 가려움, 발진이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20230530",
    image: "147426403087301238",
    pill: { chart: "흰색의 원형 필름코팅정", printFront: "DW", printBack: "U100", shape: "원형", color1: "하양", lengLong: "9.1", lengShort: "9.1", thick: "4.3", formCodeName: "필름코팅정", classNo: "02360", className: "이담제", permitDate: "19610828", imageRegistered: "20100218", engName: "Urusa Tab. 100mg" },
  },
  {
    itemSeq: "198400187",
    itemName: "인사돌플러스정",
    entpName: "동국제약(주)",
    efcy: GUM_EFCY,
    useMethod: "성인은 1회 1정, 1일 3회 식후에 복용합니다.",
    atpn: GUM_ATPN,
    se: "위부불쾌감, 구역, 설사, 발진이 나타나는 경우 복용을 즉각 중지하고 의사, 치과의사 또는 약사와 상의하십시오.",
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20220718",
    image: "147426403087301341",
    pill: { chart: "갈색의 타원형 필름코팅정", printFront: "ID+", printBack: "", shape: "타원형", color1: "갈색", lengLong: "15.2", lengShort: "8.1", thick: "6.0", formCodeName: "필름코팅정", classNo: "02310", className: "치과구강용약", permitDate: "19840925", imageRegistered: "20100318", engName: "Insadol Plus Tab." },
  },
  {
    itemSeq: "200200648",
    itemName: "이가탄에프캡슐",
    entpName: "명인제약(주)",
    efcy: GUM_EFCY,
    useMethod: "성인은 1회 1캡슐, 1일 3회 식후에 복용합니다.",
    atpn: GUM_ATPN,
    se: "위부불쾌감, 구역, 설사, 발진이 나타나는 경우 복용을 즉각 중지하고 의사, 치과의사 또는 약사와 상의하십시오.",
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20220718",
    image: "147426403087301377",
    pill: { chart: "상부는 빨간색, 하부는 흰색의 경질캡슐", printFront: "MYUNGIN", printBack: "IGATAN", shape: "장방형", color1: "빨강", color2: "하양", lengLong: "19.4", lengShort: "6.9", thick: "6.9", formCodeName: "경질캡슐제, 산제", classNo: "02310", className: "치과구강용약", permitDate: "20020419", imageRegistered: "20100318", engName: "Igatan F Cap." },
  },
  {
    itemSeq: "198700451",
    itemName: "텐텐츄정",
    entpName: "한미약품(주)",
    efcy: "이 약은 성장기 어린이의 비타민 및 미네랄 보급, 편식아의 영양 보급, 병중·병후의 체력 저하 시 영양 보급에 사용합니다.",
    useMethod: "만 3세 이상 어린이는 1회 1정, 1일 1~2회 씹어서 복용합니다. 만 12세 이상 및 성인은 1회 2정, 1일 2회 씹어서 복용합니다.",
    atpn: "이 약에 과민증 환자, 만 3세 미만의 영아는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 신장(콩팥)장애 환자는 의사 또는 약사와 상의하십시오.\n정해진 용법과 용량을 잘 지키십시오.",
    se: "구역, 구토, 위부불쾌감, 설사, 발진이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_TIGHT,
    openDe: OPENED,
    updateDe: "20221206",
    image: "147426403087301452",
    pill: { chart: "연한 노란색의 곰 모양 츄정", printFront: "TT", printBack: "", shape: "기타", color1: "노랑", lengLong: "18.2", lengShort: "15.0", thick: "6.8", formCodeName: "츄어블정(저작정)", classNo: "03170", className: "종합비타민제", permitDate: "19870910", imageRegistered: "20100513", engName: "Tenten Chewable Tab." },
  },
  {
    itemSeq: "200300418",
    itemName: "어린이부루펜시럽(이부프로펜)",
    entpName: "삼일제약(주)",
    efcy: "이 약은 감기로 인한 발열 및 동통(통증), 두통, 치통, 근육통, 인후(목구멍)통, 귀의 통증에 사용합니다.",
    useMethod: "만 1~2세(10~12 kg)는 1회 5 mL, 만 3~6세(13~20 kg)는 1회 7.5 mL, 만 7~9세(21~30 kg)는 1회 10 mL, 만 10~12세(31~43 kg)는 1회 15 mL를 1일 3~4회 공복을 피해 복용합니다. 복용간격은 4시간 이상으로 합니다.\n잘 흔들어서 복용합니다.",
    atpn: "이 약에 과민증 환자, 소화성궤양 환자, 심한 혈액 이상 환자, 심한 간장애 또는 신장(콩팥)장애 환자, 만 6개월 미만의 젖먹이는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 천식 또는 그 병력이 있는 어린이, 수두·인플루엔자 환자는 의사 또는 약사와 상의하십시오.\n3일 이상 발열이 계속되면 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    intrc: NSAID_INTRC,
    se: NSAID_SE,
    deposit: "실온에서 보관하십시오.\n개봉 후에는 뚜껑을 꼭 닫아 보관하십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.",
    openDe: OPENED,
    updateDe: "20231020",
  },
  {
    itemSeq: "198400134",
    itemName: "판콜에이내복액",
    entpName: "동화약품(주)",
    efcy: COLD_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1병(30 mL), 1일 3회 식후 30분에 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpnWarn: ALCOHOL_WARN,
    atpn: COLD_ATPN,
    intrc: COLD_INTRC,
    se: COLD_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20230118",
    image: "147426403087301560",
  },
  {
    itemSeq: "200711802",
    itemName: "판콜에스내복액",
    entpName: "동화약품(주)",
    efcy: COLD_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1병(30 mL), 1일 3회 식후 30분에 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpnWarn: ALCOHOL_WARN,
    atpn: COLD_ATPN,
    intrc: COLD_INTRC,
    se: COLD_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20230118",
  },
  {
    itemSeq: "200500377",
    itemName: "판피린큐액",
    entpName: "동아제약(주)",
    efcy: COLD_EFCY,
    useMethod: "만 15세 이상 및 성인은 1회 1병(20 mL), 1일 3회 식후 30분에 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpnWarn: ALCOHOL_WARN,
    atpn: COLD_ATPN,
    intrc: COLD_INTRC,
    se: COLD_SE,
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20221229",
    image: "147426403087301583",
  },
  {
    itemSeq: "199603002",
    itemName: "까스활명수큐액",
    entpName: "동화약품(주)",
    efcy: "이 약은 식욕감퇴(식욕부진), 위부팽만감, 소화불량, 과식, 체함, 구역, 구토에 사용합니다.",
    useMethod: "만 15세 이상 및 성인은 1회 1병(75 mL), 1일 3회 식후에 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpn: "만 3개월 미만의 젖먹이는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 만 1세 미만의 젖먹이, 임부 또는 임신하고 있을 가능성이 있는 여성, 카라멜에 과민증 환자는 의사 또는 약사와 상의하십시오.\n정해진 용법과 용량을 잘 지키십시오.\n1개월 정도 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20210129",
  },
  {
    itemSeq: "195700020",
    itemName: "활명수",
    entpName: "동화약품(주)",
    efcy: "이 약은 식욕감퇴(식욕부진), 위부팽만감, 소화불량, 과식, 체함, 구역, 구토에 사용합니다.",
    useMethod: "15세 이상 및 성인은 1회 1병(75 mL), 11~14세 이하는 1회 2/3병(50 mL), 8~10세 이하는 1회 1/2병(37.5 mL), 5~7세 이하는 1회 1/3병(25 mL), 3~4세 이하는 1회 1/4병(18.75 mL), 1일 3회 식후 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpn: "만 3개월 미만의 젖먹이는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 만 1세 미만의 젖먹이, 임부 또는 임신하고 있을 가능성이 있는 여성, 카라멜에 과민증 환자는 의사 또는 약사와 상의하십시오.\n정해진 용법과 용량을 잘 지키십시오.\n어린이에게 투여할 경우 보호자의 지도 감독하에 투여하십시오.\n1개월 정도 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_DRY,
    openDe: OPENED,
    updateDe: "20210129",
  },
  {
    itemSeq: "198200312",
    itemName: "겔포스엠현탁액(인산알루미늄겔)",
    entpName: "(주)보령",
    efcy: "이 약은 위·십이지장궤양, 위염, 위산과다, 속쓰림, 위부불쾌감, 위부팽만감, 체함, 구역, 구토, 위통, 신트림에 사용합니다.",
    useMethod: "성인은 1회 1포, 1일 3회 식간(식사와 식사 사이) 및 취침 시에 복용합니다.",
    atpn: "이 약에 과민증 환자, 투석요법을 받고 있는 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 신장(콩팥)장애 환자, 임부, 고령자는 의사 또는 약사와 상의하십시오.\n2주 정도 복용하여도 증상의 개선이 없을 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    intrc: "테트라사이클린계 항생제, 뉴퀴놀론계 항균제, 철분제, 디곡신과 함께 복용하면 흡수가 감소할 수 있으므로 2시간 이상 간격을 두고 복용하십시오.",
    se: "변비, 설사, 구역이 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: "실온에서 보관하십시오.\n얼리지 마십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.",
    openDe: OPENED,
    updateDe: "20220915",
    image: "147426403087301646",
  },
  {
    itemSeq: "198800268",
    itemName: "스멕타현탁액(디옥타헤드랄스멕타이트)",
    entpName: "(주)대웅제약",
    efcy: "이 약은 성인 및 소아의 급·만성 설사, 식도·위·십이지장과 관련된 통증의 완화에 사용합니다.",
    useMethod: "성인은 1회 1포, 1일 3회 복용합니다. 급성 설사에는 첫날 1회 2포씩 복용할 수 있습니다.",
    atpn: "이 약에 과민증 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 만성 변비 환자, 임부 또는 수유부는 의사 또는 약사와 상의하십시오.\n설사 시에는 충분한 수분을 섭취하십시오.",
    intrc: "다른 약물의 흡수를 방해할 수 있으므로 다른 약과는 2시간 이상 간격을 두고 복용하십시오.",
    se: "변비가 나타나는 경우 복용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20230712",
  },
  {
    itemSeq: "201207911",
    itemName: "콜대원코프시럽",
    entpName: "대원제약(주)",
    efcy: "이 약은 감기의 제증상(기침, 가래)의 완화와 급·만성 기관지염에 의한 기침, 가래에 사용합니다.",
    useMethod: "만 15세 이상 및 성인은 1회 1포(20 mL), 1일 3회 식후에 복용합니다. 복용간격은 4시간 이상으로 합니다.",
    atpn: "이 약에 과민증 환자, 만 3개월 미만의 젖먹이, 중증의 호흡부전 환자는 이 약을 복용하지 마십시오.\n이 약을 복용하기 전에 임부 또는 임신하고 있을 가능성이 있는 여성, 수유부, 고령자, 심장병, 고혈압, 당뇨병 환자는 의사 또는 약사와 상의하십시오.\n이 약을 복용한 후 졸음이 올 수 있으므로 자동차 운전 또는 위험한 기계 조작을 하지 마십시오.",
    intrc: COLD_INTRC,
    se: COLD_SE,
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20231103",
    image: "151317451231200113",
  },
  {
    itemSeq: "197800213",
    itemName: "후시딘연고(푸시드산나트륨)",
    entpName: "동화약품(주)",
    efcy: "이 약은 상처, 화상, 습진, 모낭염, 종기, 농가진(고름딱지), 상처의 2차 감염 등 피부 세균 감염증에 사용합니다.",
    useMethod: "1일 2~3회 환부에 적당량을 바릅니다. 필요에 따라 거즈 등으로 덮어 줍니다.",
    atpn: "이 약에 과민증 환자는 이 약을 사용하지 마십시오.\n눈에 넣거나 눈 주위에 바르지 마십시오.\n넓은 부위에 장기간 사용하지 마십시오.\n5~6일간 사용하여도 증상의 개선이 없을 경우 사용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    se: "발진, 발적(붉어짐), 가려움, 자극감이 나타나는 경우 사용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: "30℃ 이하에서 보관하십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.",
    openDe: OPENED,
    updateDe: "20220606",
    image: "147426403087301731",
  },
  {
    itemSeq: "201000987",
    itemName: "마데카솔케어연고",
    entpName: "동국제약(주)",
    efcy: "이 약은 상처, 찰과상, 화상, 습진, 피부염, 종기 등의 2차 감염 및 상처 치유 촉진에 사용합니다.",
    useMethod: "1일 1~3회 환부에 적당량을 바릅니다.",
    atpn: "이 약에 과민증 환자는 이 약을 사용하지 마십시오.\n눈에 넣거나 눈 주위에 바르지 마십시오.\n5~6일간 사용하여도 증상의 개선이 없을 경우 사용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    se: "발진, 발적(붉어짐), 가려움, 자극감이 나타나는 경우 사용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: KEEP_ROOM,
    openDe: OPENED,
    updateDe: "20220606",
    image: "151186718497001742",
  },
  {
    itemSeq: "199400325",
    itemName: "케토톱플라스타(케토프로펜)",
    entpName: "(주)한독",
    efcy: "이 약은 다음 질환 및 증상의 진통, 소염(항염): 어깨결림, 근육통, 요통, 타박상, 염좌(삠), 관절통, 건초염, 변형성 관절증.",
    useMethod: "1일 1회 환부에 붙입니다.",
    atpn: "이 약에 과민증 환자, 아스피린 천식 또는 그 병력이 있는 환자, 광과민증 병력이 있는 환자, 임신 3기(28주 이상)의 여성은 이 약을 사용하지 마십시오.\n이 약을 붙인 부위는 사용 중 및 사용 후 2주까지 자외선(햇빛)에 노출되지 않도록 하십시오.\n눈, 점막, 습진이나 상처가 있는 부위에는 사용하지 마십시오.",
    se: "발진, 발적(붉어짐), 가려움, 자극감, 광과민성 피부염이 나타나는 경우 사용을 즉각 중지하고 의사 또는 약사와 상의하십시오.",
    deposit: "직사광선을 피해 실온에서 보관하십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.",
    openDe: OPENED,
    updateDe: "20230821",
    image: "147426403087301826",
  },
];

const bySeq = new Map(DRUGS.map((d) => [d.itemSeq, d]));

export function drugOf(itemSeq: string): Drug | undefined {
  return bySeq.get(itemSeq);
}
