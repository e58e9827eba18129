/** Every upstream operation, gathered from the per-domain spec modules. */
import type { UpstreamToolSpec } from "../spec";
import { ADDRESS_TOOLS } from "./address";
import { AIR_TOOLS } from "./air";
import { BUSINESS_TOOLS } from "./business";
import { CALENDAR_TOOLS } from "./calendar";
import { HEALTH_TOOLS } from "./health";
import { REALESTATE_TOOLS } from "./realestate";
import { TOUR_TOOLS } from "./tour";
import { TRANSIT_TOOLS } from "./transit";
import { WEATHER_TOOLS } from "./weather";

export const UPSTREAM_TOOLS: readonly UpstreamToolSpec[] = [
  ...WEATHER_TOOLS,
  ...AIR_TOOLS,
  ...TOUR_TOOLS,
  ...TRANSIT_TOOLS,
  ...ADDRESS_TOOLS,
  ...REALESTATE_TOOLS,
  ...HEALTH_TOOLS,
  ...BUSINESS_TOOLS,
  ...CALENDAR_TOOLS,
];
