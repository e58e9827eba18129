/**
 * Upstream provider services. Each names the Worker variable holding its base URL (so a provider
 * can be pointed at the sandbox or the real host by configuration alone), the secret holding its
 * service key, and the documented daily quota of a development key.
 */
import { z } from "zod";

export const providerIdSchema = z.enum([
  "kma",
  "airkorea",
  "tourapi",
  "tago",
  "seoul_subway",
  "seoul_openapi",
  "juso_search",
  "juso_coord",
  "mois_region",
  "molit_rtms",
  "molit_apt",
  "molit_bld",
  "mfds",
  "hira",
  "nts",
  "nps",
  "kasi",
]);
export type ProviderId = z.infer<typeof providerIdSchema>;

/** Worker secrets that hold service keys; several providers share the one data.go.kr key. */
export const keySecretSchema = z.enum([
  "DATA_GO_KR_SERVICE_KEY",
  "SEOUL_OPENAPI_KEY",
  "SEOUL_SUBWAY_KEY",
  "JUSO_SEARCH_KEY",
  "JUSO_COORD_KEY",
]);
export type KeySecret = z.infer<typeof keySecretSchema>;

export const baseUrlVarSchema = z.enum([
  "KMA_BASE_URL",
  "AIRKOREA_BASE_URL",
  "TOURAPI_BASE_URL",
  "TAGO_BASE_URL",
  "SEOUL_SUBWAY_BASE_URL",
  "SEOUL_OPENAPI_BASE_URL",
  "JUSO_BASE_URL",
  "MOIS_BASE_URL",
  "RTMS_BASE_URL",
  "APT_INFO_BASE_URL",
  "BLD_BASE_URL",
  "MFDS_BASE_URL",
  "HIRA_BASE_URL",
  "NTS_BASE_URL",
  "NPS_BASE_URL",
  "KASI_BASE_URL",
]);
export type BaseUrlVar = z.infer<typeof baseUrlVarSchema>;

export const providerSchema = z.object({
  id: providerIdSchema,
  name: z.object({ ko: z.string(), en: z.string() }),
  /** The real host's base URL (what `[vars]` ships with). */
  realBaseUrl: z.url(),
  baseUrlVar: baseUrlVarSchema,
  keySecret: keySecretSchema,
  /** data.go.kr keys come in an Encoding and a Decoding rendering; both must work. */
  keyEncoding: z.enum(["datagokr", "plain"]),
  quota: z.object({
    daily: z.number().int().positive(),
    status: z.enum(["confirmed", "reported", "unconfirmed"]),
  }),
});
export type Provider = z.infer<typeof providerSchema>;

const DATA_GO_KR = "https://apis.data.go.kr";

const providerList: Provider[] = [
  {
    id: "kma",
    name: { ko: "기상청", en: "Korea Meteorological Administration" },
    realBaseUrl: DATA_GO_KR,
    baseUrlVar: "KMA_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "airkorea",
    name: { ko: "한국환경공단 에어코리아", en: "Korea Environment Corporation AirKorea" },
    realBaseUrl: "http://apis.data.go.kr",
    baseUrlVar: "AIRKOREA_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 500, status: "unconfirmed" },
  },
  {
    id: "tourapi",
    name: { ko: "한국관광공사 TourAPI", en: "Korea Tourism Organization TourAPI 4.0" },
    realBaseUrl: DATA_GO_KR,
    baseUrlVar: "TOURAPI_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 1_000, status: "reported" },
  },
  {
    id: "tago",
    name: { ko: "국토교통부 TAGO 버스정보", en: "MOLIT TAGO bus information" },
    realBaseUrl: "http://apis.data.go.kr",
    baseUrlVar: "TAGO_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "reported" },
  },
  {
    id: "seoul_subway",
    name: { ko: "서울시 실시간 지하철", en: "Seoul real-time subway arrivals" },
    realBaseUrl: "http://swopenAPI.seoul.go.kr",
    baseUrlVar: "SEOUL_SUBWAY_BASE_URL",
    keySecret: "SEOUL_SUBWAY_KEY",
    keyEncoding: "plain",
    quota: { daily: 1_000, status: "unconfirmed" },
  },
  {
    id: "seoul_openapi",
    name: { ko: "서울 열린데이터광장", en: "Seoul Open Data Plaza" },
    realBaseUrl: "http://openapi.seoul.go.kr:8088",
    baseUrlVar: "SEOUL_OPENAPI_BASE_URL",
    keySecret: "SEOUL_OPENAPI_KEY",
    keyEncoding: "plain",
    quota: { daily: 1_000, status: "unconfirmed" },
  },
  {
    id: "juso_search",
    name: { ko: "행정안전부 도로명주소 검색", en: "MOIS road-name address search" },
    realBaseUrl: "https://business.juso.go.kr",
    baseUrlVar: "JUSO_BASE_URL",
    keySecret: "JUSO_SEARCH_KEY",
    keyEncoding: "plain",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "juso_coord",
    name: { ko: "행정안전부 좌표제공", en: "MOIS address coordinates" },
    realBaseUrl: "https://business.juso.go.kr",
    baseUrlVar: "JUSO_BASE_URL",
    keySecret: "JUSO_COORD_KEY",
    keyEncoding: "plain",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "mois_region",
    name: { ko: "행정안전부 법정동코드", en: "MOIS legal-dong codes (StanReginCd)" },
    realBaseUrl: "http://apis.data.go.kr",
    baseUrlVar: "MOIS_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "molit_rtms",
    name: { ko: "국토교통부 실거래가", en: "MOLIT real-estate transaction prices" },
    realBaseUrl: "http://apis.data.go.kr",
    baseUrlVar: "RTMS_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "reported" },
  },
  {
    id: "molit_apt",
    name: { ko: "국토교통부 공동주택 정보", en: "MOLIT apartment complex information" },
    realBaseUrl: DATA_GO_KR,
    baseUrlVar: "APT_INFO_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "molit_bld",
    name: { ko: "국토교통부 건축HUB 건축물대장", en: "MOLIT building register" },
    realBaseUrl: "http://apis.data.go.kr",
    baseUrlVar: "BLD_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "mfds",
    name: { ko: "식품의약품안전처", en: "Ministry of Food and Drug Safety" },
    realBaseUrl: DATA_GO_KR,
    baseUrlVar: "MFDS_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "hira",
    name: { ko: "건강보험심사평가원", en: "Health Insurance Review & Assessment Service" },
    realBaseUrl: "http://apis.data.go.kr",
    baseUrlVar: "HIRA_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 1_000, status: "confirmed" },
  },
  {
    id: "nts",
    name: { ko: "국세청 사업자등록정보", en: "National Tax Service business registration" },
    realBaseUrl: "https://api.odcloud.kr/api",
    baseUrlVar: "NTS_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "nps",
    name: { ko: "국민연금공단 가입 사업장", en: "National Pension Service workplaces" },
    realBaseUrl: "http://apis.data.go.kr",
    baseUrlVar: "NPS_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
  {
    id: "kasi",
    name: { ko: "한국천문연구원 특일정보", en: "KASI special days (holidays)" },
    realBaseUrl: "http://apis.data.go.kr",
    baseUrlVar: "KASI_BASE_URL",
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: 10_000, status: "unconfirmed" },
  },
];

export const PROVIDERS: ReadonlyMap<ProviderId, Provider> = new Map(
  z.array(providerSchema).parse(providerList).map((p) => [p.id, p]),
);

/**
 * The provider of an imported tool (one per imported dataset or service): data, registered by the
 * catalog view when it loads the imported tools. Its base URL is the configured one of its host.
 */
export interface ImportedProviderInfo {
  id: string;
  name: { ko: string; en: string };
  realBaseUrl: string;
  host: string;
  keySecret: KeySecret;
  keyEncoding: Provider["keyEncoding"];
  quota: Provider["quota"];
}
export type AnyProvider = Provider | ImportedProviderInfo;

let importedProviders: ReadonlyMap<string, ImportedProviderInfo> = new Map();

/** Replaces the registered imported providers (the catalog view calls this when it reloads). */
export function registerImportedProviders(providers: ReadonlyMap<string, ImportedProviderInfo>): void {
  importedProviders = providers;
}

export function providerOf(id: ProviderId): Provider;
export function providerOf(id: string): AnyProvider;
export function providerOf(id: string): AnyProvider {
  const provider = PROVIDERS.get(id as ProviderId) ?? importedProviders.get(id);
  if (!provider) throw new Error(`provider ${id} is not registered`);
  return provider;
}
