/**
 * One upstream call: build the request, fetch it with a timeout, normalise the answer. Failures of
 * the transport become typed results too; no message ever carries the URL (it holds the key).
 */
import { providerOf } from "../catalog/providers";
import type { UpstreamToolSpec } from "../catalog/spec";
import { normalise } from "./normalise";
import { buildUpstreamRequest, requestedPage, type UpstreamTarget } from "./request";
import { failure, type NormalisedResult } from "./result";

export interface UpstreamCall {
  result: NormalisedResult;
  /** HTTP status of the upstream answer, or null when none arrived. */
  status: number | null;
  upstreamMs: number;
}

export interface InvokeOptions {
  timeoutMs?: number;
  fetcher?: (request: Request) => Promise<Response>;
}

export async function invokeUpstream(
  spec: UpstreamToolSpec,
  args: Record<string, unknown>,
  target: UpstreamTarget,
  options: InvokeOptions = {},
): Promise<UpstreamCall> {
  const request = buildUpstreamRequest(spec, providerOf(spec.provider), args, target);
  const page = requestedPage(spec, args);
  const fetcher = options.fetcher ?? ((req: Request) => fetch(req));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = Date.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const elapsed = () => Date.now() - started;
  try {
    const response = await fetcher(new Request(request, { signal: controller.signal }));
    const body = await response.text();
    const result = normalise(spec.response, { status: response.status, contentType: response.headers.get("content-type"), body }, page);
    return { result, status: response.status, upstreamMs: elapsed() };
  } catch (error) {
    if (controller.signal.aborted) {
      return { result: failure("UPSTREAM_TIMEOUT", null, `no answer within ${timeoutMs} ms`, page), status: null, upstreamMs: elapsed() };
    }
    const reason = error instanceof Error ? error.name : "error";
    return { result: failure("UPSTREAM_FAILURE", null, `transport failure (${reason})`, page), status: null, upstreamMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}
