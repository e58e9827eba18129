/**
 * 식약처 (1471000): e약은요 의약품개요정보 and 의약품 낱알식별. MFDS answers without the
 * `response` wrapper, with `body.items` as a plain array, every value a string (or null), and
 * XML unless `type=json`.
 */
import { optional, type Row, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { seededInt } from "../../util/random";
import { bNoCheckDigit } from "../world/businesses";
import { DRUGS, imageUrl, type Drug } from "../world/drugs";

/** The 사업자등록번호 of a drug company: ten digits with a valid check digit, the same for every product of it. */
function companyBizrno(entpName: string): string {
  const first9 = `${seededInt(`bizrno-office:${entpName}`, 101, 899)}${String(seededInt(`bizrno-kind:${entpName}`, 81, 86))}${String(seededInt(`bizrno-serial:${entpName}`, 0, 9999)).padStart(4, "0")}`;
  return `${first9}${bNoCheckDigit(first9)}`;
}

const contains = (value: string, query: string | undefined) => query === undefined || value.includes(query);

function easyDrugRow(drug: Drug): Row {
  return {
    entpName: drug.entpName,
    itemName: drug.itemName,
    itemSeq: drug.itemSeq,
    efcyQesitm: drug.efcy,
    useMethodQesitm: drug.useMethod,
    atpnWarnQesitm: drug.atpnWarn ?? null,
    atpnQesitm: drug.atpn,
    intrcQesitm: drug.intrc ?? null,
    seQesitm: drug.se ?? null,
    depositMethodQesitm: drug.deposit,
    openDe: drug.openDe,
    updateDe: drug.updateDe,
    itemImage: imageUrl(drug.image),
    bizrno: companyBizrno(drug.entpName),
  };
}

function easyDrugList(request: SandboxRequest): Row[] {
  const itemName = optional(request, "itemName");
  const entpName = optional(request, "entpName");
  const itemSeq = optional(request, "itemSeq");
  const byName = DRUGS.filter((d) => contains(d.itemName, itemName) && contains(d.entpName, entpName));
  const exact = itemSeq === undefined ? byName : byName.filter((d) => d.itemSeq === itemSeq);
  // The reported "soft 404": an itemSeq that matches nothing does not empty the answer, the
  // filter is dropped and other drugs come back, so a caller must compare the itemSeq it gets.
  const drugs = exact.length > 0 ? exact : byName;
  return drugs.map(easyDrugRow);
}

function pillRows(request: SandboxRequest): Row[] {
  const itemName = optional(request, "item_name");
  const entpName = optional(request, "entp_name");
  const itemSeq = optional(request, "item_seq");
  return DRUGS.flatMap((drug) => {
    const pill = drug.pill;
    if (!pill || !contains(drug.itemName, itemName) || !contains(drug.entpName, entpName)) return [];
    if (itemSeq !== undefined && drug.itemSeq !== itemSeq) return [];
    return [
      {
        ITEM_SEQ: drug.itemSeq,
        ITEM_NAME: drug.itemName,
        ENTP_NAME: drug.entpName,
        CHART: pill.chart,
        ITEM_IMAGE: imageUrl(drug.image),
        PRINT_FRONT: pill.printFront === "" ? null : pill.printFront,
        PRINT_BACK: pill.printBack === "" ? null : pill.printBack,
        DRUG_SHAPE: pill.shape,
        COLOR_CLASS1: pill.color1,
        COLOR_CLASS2: pill.color2 ?? null,
        LINE_FRONT: pill.lineFront ?? null,
        LINE_BACK: null,
        LENG_LONG: pill.lengLong,
        LENG_SHORT: pill.lengShort,
        THICK: pill.thick,
        IMG_REGIST_TS: pill.imageRegistered,
        CLASS_NO: pill.classNo,
        CLASS_NAME: pill.className,
        ETC_OTC_NAME: "일반의약품",
        ITEM_PERMIT_DATE: pill.permitDate,
        FORM_CODE_NAME: pill.formCodeName,
        ITEM_ENG_NAME: pill.engName,
      },
    ];
  });
}

const common = {
  provider: "mfds",
  ...DATA_GO_KR_GATEWAY,
  format: { in: "query", name: "type", default: "xml" },
  pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 100 },
  envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE.", items: "array", wrapper: false, empty: "empty_array", singleAsObject: false },
} as const satisfies Partial<SandboxOperation>;

export const MFDS_OPERATIONS: SandboxOperation[] = [
  { ...common, id: "mfds.getDrbEasyDrugList", path: "/1471000/DrbEasyDrugInfoService/getDrbEasyDrugList", handle: easyDrugList },
  { ...common, id: "mfds.getMdcinGrnIdntfcInfoList03", path: "/1471000/MdcinGrnIdntfcInfoService03/getMdcinGrnIdntfcInfoList03", handle: pillRows },
];
