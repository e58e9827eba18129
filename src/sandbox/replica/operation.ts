/**
 * A replica model as a sandbox operation: the dispatcher then does for it what every real host
 * does (key check, quota, scenarios, paging, the envelope in JSON or XML); the handler checks the
 * required parameters and returns the records that match the request.
 */
import type { ReplicaModel } from "../../catalog/import/model";
import { ServiceFault, type SandboxEnvelope, type SandboxOperation } from "../operation";
import { filterRecords, recordsOf } from "./rows";

function envelopeOf(model: ReplicaModel): SandboxEnvelope {
  switch (model.envelope) {
    case "odcloud_page":
      return { family: "odcloud_page" };
    case "mfds":
      return { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE.", items: "array", wrapper: false, empty: "empty_array", singleAsObject: false };
    default:
      return { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE.", items: "item", wrapper: true, empty: "nodata", singleAsObject: false };
  }
}

export function replicaOperation(model: ReplicaModel): SandboxOperation {
  return {
    id: `${model.provider}.${model.tool}`,
    provider: model.provider,
    host: model.host,
    method: model.method,
    path: model.path,
    keyKind: "datagokr",
    key: { in: "query", names: [model.keyParam, ...(model.keyParam === "serviceKey" ? ["ServiceKey"] : [])] },
    format: model.format.in === "query" ? { in: "query", name: model.format.name, default: model.format.default } : { in: "fixed", value: model.format.value },
    pagination: model.pagination,
    envelope: envelopeOf(model),
    dailyQuota: model.quotaDaily,
    handle(request) {
      for (const param of model.params) {
        const value = request.query[param.wire];
        if (param.required && (value === undefined || value.trim() === "")) throw new ServiceFault("missing", param.wire);
      }
      return filterRecords(model, recordsOf(model), request.query).map((r) => r.row);
    },
  };
}
