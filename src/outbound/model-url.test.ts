import { describe, expect, it } from "vitest";
import { allowedModelUrl, hostAllowed, modelUrlProblem, outboundPolicy } from "./model-url";

const byDefault = outboundPolicy(undefined);
const host = (url: string) => new URL(url).hostname;

describe("model endpoint URLs", () => {
  it("allow public hosts by default and deny private, loopback, link-local and metadata addresses in any spelling", () => {
    for (const url of ["https://gpu.example.org/v1", "http://203.0.113.7:8000", "http://[2001:db8::1]/v1"]) expect(hostAllowed(byDefault, host(url)), url).toBe(true);
    const internal = [
      "http://127.0.0.1:8000",
      "http://127.1:8000", // the URL parser reads it as 127.0.0.1
      "http://2130706433/", // 127.0.0.1 as one number
      "http://0x7f000001/",
      "http://localhost:8000",
      "http://LOCALHOST./",
      "http://gpu.localhost/",
      "http://10.0.0.5/v1",
      "http://172.16.3.4/",
      "http://192.168.1.10/",
      "http://100.100.100.200/", // Alibaba metadata (carrier-grade NAT range)
      "http://169.254.169.254/latest/meta-data/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://metadata/",
      "http://0.0.0.0:8000/",
      "http://[::1]:8000/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:169.254.169.254]/",
      "http://[fd00:ec2::254]/", // AWS metadata over IPv6
      "http://[fe80::1]/",
      "http://[64:ff9b::a9fe:a9fe]/", // NAT64 of 169.254.169.254
      "http://printer.local/",
    ];
    for (const url of internal) expect(hostAllowed(byDefault, host(url)), url).toBe(false);
  });

  it("let the operator allow a local GPU box by address, range or name, and restrict to named hosts", () => {
    const tunnel = outboundPolicy("*, 127.0.0.1");
    expect(hostAllowed(tunnel, "127.0.0.1")).toBe(true);
    expect(hostAllowed(tunnel, "127.0.0.2")).toBe(false);
    expect(hostAllowed(tunnel, "169.254.169.254")).toBe(false);
    const lan = outboundPolicy("10.8.0.0/16 gpu.lan");
    expect(hostAllowed(lan, "10.8.3.4")).toBe(true);
    expect(hostAllowed(lan, "gpu.lan")).toBe(true);
    expect(hostAllowed(lan, "10.9.0.1")).toBe(false);
    // Without `*` only what is listed: no other public host either.
    expect(hostAllowed(lan, "gpu.example.org")).toBe(false);
    const named = outboundPolicy("*.example.org,[::1]");
    expect(hostAllowed(named, "gpu.example.org")).toBe(true);
    expect(hostAllowed(named, "example.org.evil.net")).toBe(false);
    expect(hostAllowed(named, "[::1]")).toBe(true);
  });

  it("refuse a query, a fragment or credentials, which would steer the path or leak", () => {
    expect(modelUrlProblem("https://gpu.example.org/v1?x=/chat/completions")).toMatch(/query/);
    expect(modelUrlProblem("https://gpu.example.org/v1#/chat/completions")).toMatch(/fragment/);
    expect(modelUrlProblem("https://u:p@gpu.example.org/v1")).toMatch(/credentials/);
    expect(modelUrlProblem("ftp://gpu.example.org/")).toMatch(/http/);
    expect(modelUrlProblem("https://gpu.example.org/v1")).toBeNull();
    expect(() => allowedModelUrl(byDefault, "http://169.254.169.254/", "endpoint.baseUrl")).toThrow(/does not allow/);
    expect(allowedModelUrl(byDefault, "https://gpu.example.org/v1", "endpoint.baseUrl").pathname).toBe("/v1");
  });
});
