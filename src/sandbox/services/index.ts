/** Every operation the sandbox serves, gathered from the service modules. */
import type { SandboxOperation } from "../operation";
import { AIRKOREA_OPERATIONS } from "./airkorea";
import { HIRA_OPERATIONS } from "./hira";
import { JUSO_OPERATIONS } from "./juso";
import { KASI_OPERATIONS } from "./kasi";
import { KMA_OPERATIONS } from "./kma";
import { MFDS_OPERATIONS } from "./mfds";
import { MOIS_OPERATIONS } from "./mois";
import { MOLIT_OPERATIONS } from "./molit";
import { NPS_OPERATIONS } from "./nps";
import { NTS_OPERATIONS } from "./nts";
import { SEOUL_OPERATIONS } from "./seoul";
import { TAGO_OPERATIONS } from "./tago";
import { TOURAPI_OPERATIONS } from "./tourapi";

export const SANDBOX_OPERATIONS: readonly SandboxOperation[] = [
  ...KMA_OPERATIONS,
  ...AIRKOREA_OPERATIONS,
  ...TOURAPI_OPERATIONS,
  ...TAGO_OPERATIONS,
  ...SEOUL_OPERATIONS,
  ...JUSO_OPERATIONS,
  ...MOIS_OPERATIONS,
  ...MOLIT_OPERATIONS,
  ...MFDS_OPERATIONS,
  ...HIRA_OPERATIONS,
  ...NTS_OPERATIONS,
  ...NPS_OPERATIONS,
  ...KASI_OPERATIONS,
];
