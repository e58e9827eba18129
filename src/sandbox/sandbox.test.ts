/**
 * What every sandbox operation gets from the framework, checked on the KASI service over real
 * HTTP: key checks like the data.go.kr gateway, quota, format switch, parameter faults,
 * pagination, scenarios and the admin routes.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../test/support/sandbox";

const PATH = "/apis.data.go.kr/B090041/openapi/service/SpcdeInfoService/getRestDeInfo";
let tenant: SandboxTenant;

function url(params: Record<string, string>, path = PATH): string {
  return `${env.SANDBOX_ORIGIN}${path}?${new URLSearchParams(params).toString()}`;
}

async function getJson(params: Record<string, string>): Promise<{ status: number; body: unknown; text: string }> {
  const res = await fetch(url(params));
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body, text };
}

beforeAll(async () => {
  tenant = await SandboxTenant.create("framework");
});

describe("service keys", () => {
  it("refuses a missing or unknown key with the gateway's XML error 30 and HTTP 403", async () => {
    for (const params of [{ solYear: "2026", _type: "json" }, { solYear: "2026", _type: "json", ServiceKey: "not-a-key" }] as Record<string, string>[]) {
      const { status, text } = await getJson(params);
      expect(status).toBe(403);
      expect(text).toContain("<returnReasonCode>30</returnReasonCode>");
    }
  });

  it("refuses a key that was percent-encoded twice, as the real gateway does", async () => {
    const once = encodeURIComponent(tenant.keys.datagokr);
    const res = await fetch(`${env.SANDBOX_ORIGIN}${PATH}?solYear=2026&_type=json&ServiceKey=${encodeURIComponent(once)}`);
    expect(res.status).toBe(403);
    const ok = await fetch(`${env.SANDBOX_ORIGIN}${PATH}?solYear=2026&_type=json&ServiceKey=${once}`);
    expect(ok.status).toBe(200);
  });
});

describe("answers", () => {
  it("answers XML unless the format switch asks for JSON", async () => {
    const { text } = await getJson({ solYear: "2026", solMonth: "05", ServiceKey: tenant.keys.datagokr });
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain("<dateName>어린이날</dateName>");
  });

  it("returns a single row as an object and paginates with pageNo/numOfRows", async () => {
    const single = await getJson({ solYear: "2026", solMonth: "10", numOfRows: "1", pageNo: "2", _type: "json", ServiceKey: tenant.keys.datagokr });
    expect(single.body).toMatchObject({ response: { body: { items: { item: { dateName: "대체공휴일", locdate: 20261005 } }, totalCount: 3, pageNo: 2, numOfRows: 1 } } });
  });

  it('answers no rows with `items: ""`', async () => {
    const { body } = await getJson({ solYear: "2026", solMonth: "04", _type: "json", ServiceKey: tenant.keys.datagokr });
    expect(body).toMatchObject({ response: { header: { resultCode: "00" }, body: { items: "", totalCount: 0 } } });
  });

  it("answers a missing parameter with code 11 and a malformed one with code 10", async () => {
    const missing = await getJson({ _type: "json", ServiceKey: tenant.keys.datagokr });
    expect(missing.body).toMatchObject({ response: { header: { resultCode: "11" } } });
    const malformed = await getJson({ solYear: "2026", solMonth: "13", _type: "json", ServiceKey: tenant.keys.datagokr });
    expect(malformed.body).toMatchObject({ response: { header: { resultCode: "10" } } });
  });

  it('answers an unknown data.go.kr path with the plain-text "Unexpected errors"', async () => {
    const res = await fetch(url({ ServiceKey: tenant.keys.datagokr }, "/apis.data.go.kr/B090041/openapi/service/SpcdeInfoService/getNothing"));
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("Unexpected errors");
  });
});

describe("quota and scenarios", () => {
  it("counts calls per tenant and refuses over the daily quota with error 22", async () => {
    const own = await SandboxTenant.create("quota");
    await own.configure({ quotas: { kasi: 2 } });
    const params = { solYear: "2026", _type: "json", ServiceKey: own.keys.datagokr };
    expect((await getJson(params)).status).toBe(200);
    expect((await getJson(params)).status).toBe(200);
    const third = await getJson(params);
    expect(third.text).toContain("<returnReasonCode>22</returnReasonCode>");
    const stats = await own.stats();
    expect(stats.today["kasi"]).toBe(2);
    expect(stats.calls["kasi.getRestDeInfo"]).toBe(2);
  });

  it("switches an outage, a renamed field, a removed parameter and garbled bodies per provider", async () => {
    const own = await SandboxTenant.create("scenarios");
    const params = { solYear: "2026", solMonth: "05", _type: "json", ServiceKey: own.keys.datagokr };

    await own.configure({ scenarios: { kasi: [{ kind: "outage", status: 503 }] } });
    expect((await getJson(params)).status).toBe(503);

    await own.configure({ scenarios: { kasi: [{ kind: "rename_field", from: "dateName", to: "dateNm" }] } });
    const renamed = (await getJson(params)).text;
    expect(renamed).toContain('"dateNm":"어린이날"');
    expect(renamed).not.toContain("dateName");

    await own.configure({ scenarios: { kasi: [{ kind: "remove_param", param: "solMonth" }] } });
    expect((await getJson(params)).body).toMatchObject({ response: { header: { resultCode: "10" } } });

    await own.configure({ scenarios: { kasi: [{ kind: "garbled" }] } });
    const garbled = await getJson(params);
    expect(garbled.status).toBe(200);
    expect(garbled.body).toBeNull();

    await own.configure({ scenarios: { kasi: [] } });
    expect((await getJson(params)).body).toMatchObject({ response: { header: { resultCode: "00" } } });
    // Another tenant never saw any of it.
    expect((await getJson({ ...params, ServiceKey: tenant.keys.datagokr })).status).toBe(200);
  });

  it("answers slowly when told to", async () => {
    const own = await SandboxTenant.create("slow");
    await own.configure({ scenarios: { kasi: [{ kind: "slow", delayMs: 300 }] } });
    const started = Date.now();
    await getJson({ solYear: "2026", _type: "json", ServiceKey: own.keys.datagokr });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("guards the admin routes with the admin token", async () => {
    const res = await fetch(`${env.SANDBOX_ORIGIN}/__admin/tenants/x/stats`);
    expect(res.status).toBe(401);
  });
});
