/**
 * 행정안전부 법정동코드 (StanReginCd/getStanReginCdList): the 시도, 시군구 and 법정동 rows of the
 * region backbone, filtered by a name (locatadd_nm, matched anywhere in the full name). No match
 * is the top-level INFO-3 result; JSON comes labelled text/html like the real host.
 */
import { optional, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { DONGS, SIDOS, SIGUNGUS, fullName, sidoOf, sigunguFullName, type Dong, type Sigungu } from "../world/regions";

type RegionRow = {
  region_cd: string;
  sido_cd: string;
  sgg_cd: string;
  umd_cd: string;
  ri_cd: string;
  locatjumin_cd: string;
  locatjijuk_cd: string;
  locatadd_nm: string;
  locat_order: number;
  locat_rm: null;
  locathigh_cd: string;
  locallow_nm: string;
  adpt_de: string;
};

/** Dates the codes of each 시도 took their present form (세종 2012, 제주특별자치도 2006, 강원특별자치도 2023, 전북특별자치도 2024). */
const ADOPTED: Record<string, string> = { "11": "19880423", "26": "19950301", "27": "19950301", "28": "19950301", "30": "19950301", "36": "20120701", "41": "19890101", "50": "20060701", "51": "20230611", "52": "20240118" };

function row(code: string, name: string, high: string, low: string, order: number): RegionRow {
  return {
    region_cd: code,
    sido_cd: code.slice(0, 2),
    sgg_cd: code.slice(2, 5),
    umd_cd: code.slice(5, 8),
    ri_cd: code.slice(8, 10),
    locatjumin_cd: code,
    locatjijuk_cd: code,
    locatadd_nm: name,
    locat_order: order,
    locat_rm: null,
    locathigh_cd: high,
    locallow_nm: low,
    adpt_de: ADOPTED[code.slice(0, 2)] ?? "19880423",
  };
}

/** A 구 of a city (성남시 분당구, 41135) sits under the city's own row (성남시, 41130). */
function cityOf(sigungu: Sigungu): { code: string; name: string } | null {
  const [city, district] = sigungu.name.split(" ");
  if (!city || !district) return null;
  return { code: `${sigungu.code.slice(0, 4)}0`, name: city };
}

function buildRows(): RegionRow[] {
  const rows: RegionRow[] = [];
  const withSigungu = SIDOS.filter((s) => SIGUNGUS.some((g) => g.sido === s.code));
  withSigungu.forEach((sido, i) => rows.push(row(`${sido.code}00000000`, sido.name, "0000000000", sido.name, i + 1)));
  const cities = new Map<string, { code: string; name: string; sido: string }>();
  for (const sigungu of SIGUNGUS) {
    const city = cityOf(sigungu);
    if (city) cities.set(city.code, { ...city, sido: sigungu.sido });
  }
  for (const city of cities.values()) {
    const sido = sidoOf(city.code);
    rows.push(row(`${city.code}00000`, `${sido?.name ?? ""} ${city.name}`.trim(), `${city.sido}00000000`, city.name, 1));
  }
  for (const sido of withSigungu) {
    SIGUNGUS.filter((g) => g.sido === sido.code).forEach((sigungu, i) => {
      const city = cityOf(sigungu);
      const high = city ? `${city.code}00000` : `${sigungu.sido}00000000`;
      const low = sigungu.name.split(" ").pop() ?? sigungu.name;
      rows.push(row(`${sigungu.code}00000`, sigunguFullName(sigungu), high, low, i + 1));
    });
  }
  const dongs: readonly Dong[] = DONGS;
  for (const sigungu of SIGUNGUS) {
    dongs
      .filter((d) => d.sigungu === sigungu.code)
      .sort((a, b) => a.code.localeCompare(b.code))
      .forEach((dong, i) => rows.push(row(dong.code, fullName(dong), `${sigungu.code}00000`, dong.name, i + 1)));
  }
  return rows.sort((a, b) => a.region_cd.localeCompare(b.region_cd));
}

const ROWS = buildRows();

function regions(request: SandboxRequest): RegionRow[] {
  const filter = optional(request, "locatadd_nm")?.replace(/\s+/g, " ");
  if (filter === undefined) return ROWS;
  return ROWS.filter((r) => r.locatadd_nm.includes(filter));
}

export const MOIS_OPERATIONS: SandboxOperation[] = [
  {
    id: "mois.getStanReginCdList",
    provider: "mois_region",
    ...DATA_GO_KR_GATEWAY,
    path: "/1741000/StanReginCd/getStanReginCdList",
    format: { in: "query", name: "type", default: "xml" },
    pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 1000 },
    envelope: { family: "stanregin", root: "StanReginCd" },
    handle: regions,
  },
];
