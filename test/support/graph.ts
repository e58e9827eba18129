/**
 * A graph fixture for tests that need verified edges but not the verification itself: the
 * candidates of the whole catalog, with the real chains marked verified (as the graph tests prove
 * they are), and a graph version.
 */
import { env } from "cloudflare:workers";
import { dbOf } from "../../src/db/client";
import { candidateEdges } from "../../src/graph/candidates";
import { zodParamCheck } from "../../src/graph/engine";
import { catalogIO } from "../../src/graph/io";
import { bumpVersionIfChanged, saveCandidates } from "../../src/graph/store";

export const REAL_CHAINS = [
  "juso_search->juso_coordinates",
  "juso_coordinates->utmk_to_wgs84",
  "utmk_to_wgs84->kma_grid_from_wgs84",
  "kma_grid_from_wgs84->kma_ultra_srt_ncst",
  "kma_grid_from_wgs84->kma_vilage_fcst",
  "airkorea_tm_coords->airkorea_nearby_stations",
  "airkorea_nearby_stations->airkorea_station_realtime",
  "mois_legal_dong_codes->sigungu_code_from_bjd",
  "sigungu_code_from_bjd->rtms_apt_trades",
  "mois_legal_dong_codes->apt_complex_list",
  "apt_complex_list->apt_complex_info",
  "tour_area_codes->tour_area_based_list",
  "tour_area_based_list->tour_detail_common",
  "tour_area_based_list->tour_detail_intro",
  "tour_area_based_list->tour_location_based_list",
  "tago_city_codes->tago_route_no_list",
  "tago_route_no_list->tago_route_stops",
  "tago_route_stops->tago_stop_arrivals",
  "tago_nearby_stops->tago_stop_arrivals",
  "hira_hospitals->hira_hospital_detail",
  "hira_hospitals->hira_hospital_departments",
  "mfds_easy_drug->mfds_pill_identification",
  "nps_workplace_search->nps_workplace_detail",
  "seoul_subway_station_search->seoul_subway_arrivals",
];

export async function seedVerifiedGraph(verified: readonly string[] = REAL_CHAINS): Promise<number> {
  const db = dbOf(env.DB);
  await saveCandidates(db, candidateEdges(catalogIO(), {}, zodParamCheck), Date.now());
  const ids = verified.map((id) => `'${id.replace(/'/g, "''")}'`).join(",");
  await env.DB.prepare(`UPDATE graph_edges SET status = 'verified', checked_at = ? WHERE id IN (${ids})`).bind(Date.now()).run();
  return bumpVersionIfChanged(db, Date.now());
}
