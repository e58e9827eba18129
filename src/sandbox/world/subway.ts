/**
 * Seoul metropolitan subway: stations (names without the trailing 역, real positions) and lines
 * as ordered station sequences with their 외부코드 (FR_CODE), so arrivals can name the previous
 * stations, the next station (방면) and the train's destination. Trains run every few minutes
 * from about 05:30 to 00:50; the real-time list for a station is a function of the minute.
 */
import type { LatLon } from "../../geo/projections";
import { kstParts } from "../../time/kst";
import { seededInt } from "../../util/random";

/** Station positions by name; a transfer station has one position for all its lines. */
const POSITIONS: Record<string, readonly [number, number]> = {
  서울: [37.5547, 126.9707], 시청: [37.5657, 126.9769], 종각: [37.5702, 126.983], 종로3가: [37.5716, 126.9918], 종로5가: [37.5709, 127.0019],
  동대문: [37.5714, 127.0098], 동묘앞: [37.5732, 127.0164], 신설동: [37.5753, 127.025], 제기동: [37.5781, 127.0349], 청량리: [37.5802, 127.0471],
  회기: [37.5897, 127.0579], 외대앞: [37.5963, 127.0633], 신이문: [37.6015, 127.0675], 석계: [37.6148, 127.0656], 광운대: [37.6237, 127.0614],
  월계: [37.6333, 127.0587], 녹천: [37.6445, 127.0512], 창동: [37.653, 127.0477], 방학: [37.6675, 127.0442], 도봉: [37.6795, 127.0455], 도봉산: [37.6895, 127.0461],
  남영: [37.5413, 126.9716], 용산: [37.5298, 126.9648], 노량진: [37.5142, 126.9424], 대방: [37.5133, 126.9263], 신길: [37.5172, 126.9171],
  영등포: [37.5157, 126.9076], 신도림: [37.5088, 126.8912], 구로: [37.5031, 126.8819],
  을지로입구: [37.566, 126.9826], 을지로3가: [37.5663, 126.9911], 을지로4가: [37.5667, 126.998], 동대문역사문화공원: [37.5652, 127.0079], 신당: [37.5656, 127.0191],
  상왕십리: [37.5644, 127.0293], 왕십리: [37.5612, 127.0371], 한양대: [37.5555, 127.0436], 뚝섬: [37.5474, 127.0474], 성수: [37.5446, 127.0561],
  건대입구: [37.5404, 127.0692], 구의: [37.5372, 127.0858], 강변: [37.5351, 127.0947], 잠실나루: [37.5207, 127.1038], 잠실: [37.5133, 127.1001],
  잠실새내: [37.5116, 127.0863], 종합운동장: [37.5109, 127.0736], 삼성: [37.5088, 127.0631], 선릉: [37.5045, 127.049], 역삼: [37.5006, 127.0364],
  강남: [37.4979, 127.0276], 교대: [37.4934, 127.014], 서초: [37.4918, 127.0076], 방배: [37.4815, 126.9976], 사당: [37.4766, 126.9816],
  낙성대: [37.4769, 126.9637], 서울대입구: [37.4812, 126.9527], 봉천: [37.4825, 126.9418], 신림: [37.4842, 126.9297], 신대방: [37.4875, 126.9131],
  구로디지털단지: [37.4852, 126.9015], 대림: [37.4925, 126.8949], 문래: [37.5179, 126.8947], 영등포구청: [37.5257, 126.8961], 당산: [37.5349, 126.9025],
  합정: [37.5496, 126.9139], 홍대입구: [37.5572, 126.9245], 신촌: [37.5552, 126.9369], 이대: [37.5567, 126.946], 아현: [37.5574, 126.9561], 충정로: [37.5597, 126.9636],
  연신내: [37.619, 126.921], 불광: [37.6104, 126.9298], 녹번: [37.6009, 126.9357], 홍제: [37.589, 126.9437], 무악재: [37.5824, 126.9502],
  독립문: [37.5744, 126.9577], 경복궁: [37.5757, 126.9735], 안국: [37.5765, 126.9854], 충무로: [37.5613, 126.9943], 동대입구: [37.559, 127.0055],
  약수: [37.5543, 127.0107], 금호: [37.5481, 127.0158], 옥수: [37.5406, 127.018], 압구정: [37.527, 127.0285], 신사: [37.5164, 127.0203],
  잠원: [37.5128, 127.0112], 고속터미널: [37.5049, 127.0049], 남부터미널: [37.485, 127.0162], 양재: [37.4842, 127.0346], 매봉: [37.4869, 127.0467],
  도곡: [37.4909, 127.0555], 대치: [37.4946, 127.0637], 학여울: [37.4966, 127.0708], 대청: [37.4936, 127.0794], 일원: [37.4836, 127.0844],
  수서: [37.4873, 127.1018], 가락시장: [37.4925, 127.1183], 경찰병원: [37.4958, 127.1243], 오금: [37.5021, 127.1281],
  불암산: [37.6702, 127.0791], 상계: [37.6608, 127.0734], 노원: [37.656, 127.063], 쌍문: [37.6486, 127.0347], 수유: [37.638, 127.0257],
  미아: [37.6266, 127.026], 미아사거리: [37.6132, 127.0302], 길음: [37.6033, 127.025], 성신여대입구: [37.5926, 127.0164], 한성대입구: [37.5884, 127.0062],
  혜화: [37.5822, 127.0019], 명동: [37.5609, 126.9863], 회현: [37.5585, 126.9782], 숙대입구: [37.5449, 126.9723], 삼각지: [37.5347, 126.9731],
  신용산: [37.5293, 126.9681], 이촌: [37.5222, 126.9743], 동작: [37.5029, 126.9802], "총신대입구(이수)": [37.4866, 126.9819], 남태령: [37.464, 126.989],
  김포공항: [37.5624, 126.8013], 송정: [37.5611, 126.8117], 마곡: [37.5603, 126.8254], 발산: [37.5587, 126.8376], 우장산: [37.5484, 126.8364],
  화곡: [37.5416, 126.8404], 까치산: [37.5316, 126.8467], 신정: [37.5249, 126.8561], 목동: [37.526, 126.8646], 오목교: [37.5245, 126.875],
  양평: [37.5255, 126.8858], 영등포시장: [37.5226, 126.9052], 여의도: [37.5216, 126.9243], 여의나루: [37.5271, 126.9329], 마포: [37.5395, 126.9459],
  공덕: [37.5441, 126.9513], 애오개: [37.5535, 126.9567], 서대문: [37.5658, 126.9666], 광화문: [37.571, 126.9765], 청구: [37.5603, 127.0138],
  신금호: [37.5545, 127.0204], 행당: [37.5573, 127.0294], 마장: [37.5661, 127.043], 답십리: [37.5668, 127.0529], 장한평: [37.5614, 127.0646],
  군자: [37.5571, 127.0795], 아차산: [37.5518, 127.0897], 광나루: [37.5453, 127.1035], 천호: [37.5386, 127.1236], 강동: [37.5358, 127.1324],
  디지털미디어시티: [37.5771, 126.8996], 월드컵경기장: [37.5696, 126.899], 마포구청: [37.5635, 126.9034], 망원: [37.556, 126.9101], 상수: [37.5478, 126.9229],
  광흥창: [37.5474, 126.9319], 대흥: [37.5477, 126.9422], 효창공원앞: [37.5392, 126.9614], 녹사평: [37.5346, 126.9866], 이태원: [37.5345, 126.9943],
  한강진: [37.5396, 127.0017], 버티고개: [37.548, 127.007], 창신: [37.5797, 127.0151], 보문: [37.5852, 127.0194], 안암: [37.5862, 127.0292],
  고려대: [37.5904, 127.0358], 월곡: [37.6019, 127.0414], 상월곡: [37.6063, 127.0488], 돌곶이: [37.6105, 127.0563], 태릉입구: [37.6177, 127.075],
  화랑대: [37.62, 127.0841], 봉화산: [37.6173, 127.0914],
  수락산: [37.6778, 127.0553], 마들: [37.665, 127.0579], 중계: [37.6449, 127.0641], 하계: [37.6363, 127.0678], 공릉: [37.6257, 127.0729],
  먹골: [37.6106, 127.0777], 중화: [37.6025, 127.0793], 상봉: [37.5965, 127.0851], 면목: [37.5886, 127.0875], 사가정: [37.5809, 127.0883],
  용마산: [37.5738, 127.0868], 중곡: [37.5658, 127.0843], 어린이대공원: [37.548, 127.0745], 뚝섬유원지: [37.5315, 127.0667], 청담: [37.5194, 127.0534],
  강남구청: [37.5172, 127.0412], 학동: [37.5142, 127.0317], 논현: [37.511, 127.0216], 반포: [37.5081, 127.0115], 내방: [37.4876, 126.9935],
  이수: [37.4866, 126.9819], 남성: [37.4846, 126.971], 숭실대입구: [37.4963, 126.9537], 상도: [37.5029, 126.9479], 장승배기: [37.5049, 126.9391],
  신대방삼거리: [37.4997, 126.9282], 보라매: [37.4999, 126.9203], 신풍: [37.5001, 126.909], 남구로: [37.4861, 126.8874], 가산디지털단지: [37.4816, 126.8827],
  암사: [37.55, 127.1274], 강동구청: [37.5304, 127.1204], 몽촌토성: [37.5174, 127.1126], 석촌: [37.5055, 127.1069], 송파: [37.4998, 127.1121],
  문정: [37.4858, 127.1225], 장지: [37.4786, 127.1262], 복정: [37.47, 127.1266],
  공항시장: [37.5637, 126.8108], 신방화: [37.5675, 126.8166], 마곡나루: [37.5669, 126.8272], 양천향교: [37.5683, 126.8417], 가양: [37.5614, 126.8544],
  증미: [37.5581, 126.8608], 등촌: [37.5507, 126.8658], 염창: [37.5468, 126.8749], 신목동: [37.544, 126.883], 선유도: [37.5378, 126.8937],
  국회의사당: [37.5282, 126.9178], 샛강: [37.5172, 126.9288], 노들: [37.5129, 126.953], 흑석: [37.5087, 126.9636], 구반포: [37.5013, 126.987],
  신반포: [37.5034, 126.9959], 사평: [37.5044, 127.015], 신논현: [37.5046, 127.025], 언주: [37.5072, 127.034], 선정릉: [37.5102, 127.0437],
  삼성중앙: [37.513, 127.0531], 봉은사: [37.5142, 127.0602], 삼전: [37.5048, 127.088], 석촌고분: [37.5022, 127.097], 송파나루: [37.51, 127.112],
  한성백제: [37.5165, 127.1166], 올림픽공원: [37.5163, 127.1309], 둔촌오륜: [37.519, 127.138], 중앙보훈병원: [37.529, 127.148],
  가좌: [37.5685, 126.915], 서강대: [37.5516, 126.9353], 서빙고: [37.5198, 126.9881], 한남: [37.5295, 127.009], 응봉: [37.5502, 127.0346], 중랑: [37.5945, 127.076],
  서울숲: [37.5436, 127.0446], 압구정로데오: [37.5273, 127.0405], 한티: [37.4962, 127.0529], 구룡: [37.4868, 127.0588], 개포동: [37.4893, 127.0664],
  대모산입구: [37.4912, 127.0727], 가천대: [37.4486, 127.1267], 태평: [37.4398, 127.1278], 모란: [37.4322, 127.1291], 야탑: [37.4111, 127.1286],
  이매: [37.3953, 127.1282], 서현: [37.385, 127.1233], 수내: [37.3784, 127.1143], 정자: [37.367, 127.1083], 미금: [37.35, 127.109],
  양재시민의숲: [37.4703, 127.0386], 청계산입구: [37.4482, 127.0549], 판교: [37.3948, 127.1112],
};

export interface SubwayLine {
  subwayId: string;
  /** SearchInfoBySubwayNameService LINE_NUM. */
  lineNum: string;
  /** Direction names: toward the start of `stations` first (상행/내선), then toward the end (하행/외선). */
  updn: readonly [string, string];
  /** Destinations of trains running toward the start and toward the end of the list. */
  destinations: readonly [readonly string[], readonly string[]];
  /** [FR_CODE, station name] in line order. */
  stations: readonly (readonly [string, string])[];
  loop: boolean;
  /** Minutes between trains. */
  headway: number;
  /** STATION_CD of the i-th station. */
  stationCd: (frCode: string, index: number) => string;
}

const seq = (from: number, names: readonly string[], prefix = ""): [string, string][] => names.map((name, i) => [`${prefix}${from + i}`, name]);
const tail2 = (fr: string) => fr.replace(/\D/g, "").slice(-2).padStart(2, "0");

export const SUBWAY_LINES: readonly SubwayLine[] = [
  {
    subwayId: "1001",
    lineNum: "01호선",
    updn: ["상행", "하행"],
    destinations: [["소요산", "의정부", "광운대"], ["인천", "천안", "신창", "서동탄"]],
    // FR codes count down from 도봉산 113 to 서울역 133 and on to 구로 141; listed north to south.
    stations: seq(113, ["도봉산", "도봉", "방학", "창동", "녹천", "월계", "광운대", "석계", "신이문", "외대앞", "회기", "청량리", "제기동", "신설동", "동묘앞", "동대문", "종로5가", "종로3가", "종각", "시청", "서울", "남영", "용산", "노량진", "대방", "신길", "영등포", "신도림", "구로"]),
    loop: false,
    headway: 6,
    stationCd: (fr) => String(150 + 133 - Number(fr)).padStart(4, "0"),
  },
  {
    subwayId: "1002",
    lineNum: "02호선",
    updn: ["외선", "내선"],
    destinations: [["성수", "신도림", "홍대입구", "서울대입구"], ["성수", "잠실", "을지로입구", "신도림"]],
    stations: seq(201, ["시청", "을지로입구", "을지로3가", "을지로4가", "동대문역사문화공원", "신당", "상왕십리", "왕십리", "한양대", "뚝섬", "성수", "건대입구", "구의", "강변", "잠실나루", "잠실", "잠실새내", "종합운동장", "삼성", "선릉", "역삼", "강남", "교대", "서초", "방배", "사당", "낙성대", "서울대입구", "봉천", "신림", "신대방", "구로디지털단지", "대림", "신도림", "문래", "영등포구청", "당산", "합정", "홍대입구", "신촌", "이대", "아현", "충정로"]),
    loop: true,
    headway: 4,
    stationCd: (fr) => `02${tail2(fr)}`,
  },
  {
    subwayId: "1003",
    lineNum: "03호선",
    updn: ["상행", "하행"],
    destinations: [["대화", "구파발"], ["오금", "수서"]],
    stations: seq(321, ["연신내", "불광", "녹번", "홍제", "무악재", "독립문", "경복궁", "안국", "종로3가", "을지로3가", "충무로", "동대입구", "약수", "금호", "옥수", "압구정", "신사", "잠원", "고속터미널", "교대", "남부터미널", "양재", "매봉", "도곡", "대치", "학여울", "대청", "일원", "수서", "가락시장", "경찰병원", "오금"]),
    loop: false,
    headway: 6,
    stationCd: (fr) => `03${String(Number(fr) - 310).padStart(2, "0")}`,
  },
  {
    subwayId: "1004",
    lineNum: "04호선",
    updn: ["상행", "하행"],
    destinations: [["불암산", "진접"], ["오이도", "안산", "사당"]],
    stations: seq(409, ["불암산", "상계", "노원", "창동", "쌍문", "수유", "미아", "미아사거리", "길음", "성신여대입구", "한성대입구", "혜화", "동대문", "동대문역사문화공원", "충무로", "명동", "회현", "서울", "숙대입구", "삼각지", "신용산", "이촌", "동작", "총신대입구(이수)", "사당", "남태령"]),
    loop: false,
    headway: 5,
    stationCd: (fr) => `04${tail2(fr)}`,
  },
  {
    subwayId: "1005",
    lineNum: "05호선",
    updn: ["상행", "하행"],
    destinations: [["방화", "김포공항"], ["하남검단산", "마천", "상일동"]],
    stations: seq(512, ["김포공항", "송정", "마곡", "발산", "우장산", "화곡", "까치산", "신정", "목동", "오목교", "양평", "영등포구청", "영등포시장", "신길", "여의도", "여의나루", "마포", "공덕", "애오개", "충정로", "서대문", "광화문", "종로3가", "을지로4가", "동대문역사문화공원", "청구", "신금호", "행당", "왕십리", "마장", "답십리", "장한평", "군자", "아차산", "광나루", "천호", "강동"]),
    loop: false,
    headway: 5,
    stationCd: (fr) => `25${tail2(fr)}`,
  },
  {
    subwayId: "1006",
    lineNum: "06호선",
    updn: ["상행", "하행"],
    destinations: [["응암"], ["신내", "봉화산"]],
    stations: seq(618, ["디지털미디어시티", "월드컵경기장", "마포구청", "망원", "합정", "상수", "광흥창", "대흥", "공덕", "효창공원앞", "삼각지", "녹사평", "이태원", "한강진", "버티고개", "약수", "청구", "신당", "동묘앞", "창신", "보문", "안암", "고려대", "월곡", "상월곡", "돌곶이", "석계", "태릉입구", "화랑대", "봉화산"]),
    loop: false,
    headway: 7,
    stationCd: (fr) => `26${tail2(fr)}`,
  },
  {
    subwayId: "1007",
    lineNum: "07호선",
    updn: ["상행", "하행"],
    destinations: [["장암", "도봉산"], ["석남", "온수"]],
    stations: seq(710, ["도봉산", "수락산", "마들", "노원", "중계", "하계", "공릉", "태릉입구", "먹골", "중화", "상봉", "면목", "사가정", "용마산", "중곡", "군자", "어린이대공원", "건대입구", "뚝섬유원지", "청담", "강남구청", "학동", "논현", "반포", "고속터미널", "내방", "이수", "남성", "숭실대입구", "상도", "장승배기", "신대방삼거리", "보라매", "신풍", "대림", "남구로", "가산디지털단지"]),
    loop: false,
    headway: 5,
    stationCd: (fr) => `27${String(Number(fr) - 698).padStart(2, "0")}`,
  },
  {
    subwayId: "1008",
    lineNum: "08호선",
    updn: ["상행", "하행"],
    destinations: [["별내", "암사"], ["모란"]],
    stations: seq(810, ["암사", "천호", "강동구청", "몽촌토성", "잠실", "석촌", "송파", "가락시장", "문정", "장지", "복정"]),
    loop: false,
    headway: 6,
    stationCd: (fr) => `28${tail2(fr)}`,
  },
  {
    subwayId: "1009",
    lineNum: "09호선",
    updn: ["상행", "하행"],
    destinations: [["개화", "김포공항"], ["중앙보훈병원", "종합운동장"]],
    stations: seq(902, ["김포공항", "공항시장", "신방화", "마곡나루", "양천향교", "가양", "증미", "등촌", "염창", "신목동", "선유도", "당산", "국회의사당", "여의도", "샛강", "노량진", "노들", "흑석", "동작", "구반포", "신반포", "고속터미널", "사평", "신논현", "언주", "선정릉", "삼성중앙", "봉은사", "종합운동장", "삼전", "석촌고분", "석촌", "송파나루", "한성백제", "올림픽공원", "둔촌오륜", "중앙보훈병원"]),
    loop: false,
    headway: 5,
    stationCd: (fr) => `41${tail2(fr)}`,
  },
  {
    subwayId: "1063",
    lineNum: "경의선",
    updn: ["상행", "하행"],
    destinations: [["문산", "일산"], ["용문", "덕소", "지평"]],
    stations: [
      ["K316", "디지털미디어시티"], ["K315", "가좌"], ["K314", "홍대입구"], ["K313", "서강대"], ["K312", "공덕"], ["K311", "효창공원앞"],
      ["K110", "용산"], ["K111", "이촌"], ["K112", "서빙고"], ["K113", "한남"], ["K114", "옥수"], ["K115", "응봉"], ["K116", "왕십리"],
      ["K117", "청량리"], ["K118", "회기"], ["K119", "중랑"], ["K120", "상봉"],
    ],
    loop: false,
    headway: 12,
    stationCd: (_fr, i) => `12${String(10 + i).padStart(2, "0")}`,
  },
  {
    subwayId: "1075",
    lineNum: "수인분당선",
    updn: ["상행", "하행"],
    destinations: [["청량리", "왕십리"], ["인천", "고색", "죽전"]],
    stations: seq(209, ["청량리", "왕십리", "서울숲", "압구정로데오", "강남구청", "선정릉", "선릉", "한티", "도곡", "구룡", "개포동", "대모산입구", "수서", "복정", "가천대", "태평", "모란", "야탑", "이매", "서현", "수내", "정자", "미금"], "K"),
    loop: false,
    headway: 8,
    stationCd: (_fr, i) => `10${String(20 + i).padStart(2, "0")}`,
  },
  {
    subwayId: "1077",
    lineNum: "신분당선",
    updn: ["상행", "하행"],
    destinations: [["신사"], ["광교"]],
    stations: [["D04", "신사"], ["D05", "논현"], ["D06", "신논현"], ["D07", "강남"], ["D08", "양재"], ["D09", "양재시민의숲"], ["D10", "청계산입구"], ["D11", "판교"], ["D12", "정자"], ["D13", "미금"]],
    loop: false,
    headway: 6,
    stationCd: (fr) => `43${tail2(fr)}`,
  },
  {
    subwayId: "1065",
    lineNum: "공항철도",
    updn: ["상행", "하행"],
    destinations: [["서울"], ["인천공항2터미널", "검암"]],
    stations: [["A01", "서울"], ["A02", "공덕"], ["A03", "홍대입구"], ["A04", "디지털미디어시티"], ["A05", "마곡나루"], ["A06", "김포공항"]],
    loop: false,
    headway: 10,
    stationCd: (_fr, i) => `43${String(50 + i).padStart(2, "0")}`,
  },
];

export interface SubwayStation {
  name: string;
  line: SubwayLine;
  index: number;
  frCode: string;
  stationCd: string;
  /** statnId of the real-time API: subwayId + 6 digits. */
  statnId: string;
  position: LatLon;
}

function positionOf(name: string): LatLon {
  const p = POSITIONS[name];
  if (!p) throw new Error(`subway world: no position for ${name}`);
  return { lat: p[0], lon: p[1] };
}

export const SUBWAY_STATIONS: readonly SubwayStation[] = SUBWAY_LINES.flatMap((line) =>
  line.stations.map(([frCode, name], index) => ({
    name,
    line,
    index,
    frCode,
    stationCd: line.stationCd(frCode, index),
    // Numbered lines: subwayId + 000 + FR_CODE (1002000222 강남); lettered codes (K, D, A) get 075.
    statnId: `${line.subwayId}${/^\d/.test(frCode) ? "000" : "075"}${frCode.replace(/\D/g, "").padStart(3, "0").slice(-3)}`,
    position: positionOf(name),
  })),
);

/** Distinct station names with their position (transfer stations once). */
export const STATION_PLACES: readonly { name: string; position: LatLon }[] = [...new Set(SUBWAY_STATIONS.map((s) => s.name))].map((name) => ({ name, position: positionOf(name) }));

export function stationsNamed(name: string): SubwayStation[] {
  return SUBWAY_STATIONS.filter((s) => s.name === name);
}

export interface TrainArrival {
  station: SubwayStation;
  updnLine: string;
  /** Neighbouring stations on the line in the train's direction (before and after this one). */
  previous: SubwayStation | undefined;
  next: SubwayStation;
  destination: string;
  trainNo: string;
  express: boolean;
  /** Seconds until arrival. */
  seconds: number;
  /** Station the train is at or just left, and how many stations away that is. */
  currentName: string;
  stationsAway: number;
  firstTrain: boolean;
}

const SECONDS_PER_STATION = 120;
const FIRST_TRAIN = 5 * 3600 + 30 * 60;
const LAST_TRAIN = 24 * 3600 + 50 * 60;

function neighbour(line: SubwayLine, index: number, step: -1 | 1): number | undefined {
  const n = line.stations.length;
  const next = index + step;
  if (line.loop) return (next + n) % n;
  return next >= 0 && next < n ? next : undefined;
}

function nameAt(line: SubwayLine, index: number): string {
  return line.stations[index]?.[1] ?? "";
}

function stationOn(line: SubwayLine, index: number | undefined): SubwayStation | undefined {
  return index === undefined ? undefined : SUBWAY_STATIONS.find((s) => s.line === line && s.index === index);
}

/**
 * The next two trains per direction at a station for the minute of `now`. Outside service hours
 * the first morning train of each direction is announced instead.
 */
export function trainsAt(station: SubwayStation, now: Date): TrainArrival[] {
  const { line, index } = station;
  const p = kstParts(now);
  const daySeconds = p.hour * 3600 + p.minute * 60;
  // Service after midnight belongs to the previous day's timetable.
  const serviceSeconds = daySeconds < 3 * 3600 ? daySeconds + 24 * 3600 : daySeconds;
  const inService = serviceSeconds >= FIRST_TRAIN && serviceSeconds <= LAST_TRAIN;
  const headway = line.headway * 60;
  const out: TrainArrival[] = [];
  ([-1, 1] as const).forEach((step, direction) => {
    const next = stationOn(line, neighbour(line, index, step));
    if (next === undefined) return;
    const previous = stationOn(line, neighbour(line, index, step === 1 ? -1 : 1));
    const destinations = (line.destinations[direction] ?? []).filter((d) => d !== station.name);
    const phase = seededInt(`phase:${line.subwayId}:${direction}`, 0, headway - 1);
    // Trains pass the line's start point at phase + k·headway and take two minutes per station.
    const offset = (index * SECONDS_PER_STATION * (step === 1 ? 1 : -1) + phase) % headway;
    const firstWait = ((offset - serviceSeconds) % headway + headway) % headway;
    const waits = inService ? [firstWait, firstWait + headway] : [((FIRST_TRAIN - (serviceSeconds % (24 * 3600)) + 24 * 3600) % (24 * 3600)) + firstWait];
    for (const wait of waits) {
      const slot = Math.floor((serviceSeconds + wait) / headway);
      const stationsAway = Math.floor(wait / SECONDS_PER_STATION);
      const back = line.loop ? (index - step * stationsAway + line.stations.length * 10) % line.stations.length : Math.min(Math.max(index - step * stationsAway, 0), line.stations.length - 1);
      out.push({
        station,
        updnLine: line.updn[direction] ?? "",
        previous,
        next,
        destination: destinations.length > 0 ? (destinations[seededInt(`dest:${line.subwayId}:${direction}:${slot}`, 0, destinations.length - 1)] ?? "") : next.name,
        trainNo: `${line.subwayId.slice(-1)}${String(seededInt(`train:${line.subwayId}:${direction}:${slot}`, 0, 999)).padStart(3, "0")}`,
        express: line.subwayId === "1009" && slot % 3 === 0,
        seconds: wait,
        currentName: inService ? nameAt(line, back) : nameAt(line, index),
        stationsAway: inService ? stationsAway : 0,
        firstTrain: !inService,
      });
    }
  });
  return out;
}
