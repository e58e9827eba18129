/**
 * A request may ask the sandbox world to answer as of an earlier instant than the tenant's clock
 * (a synthesised example's own moment, a reward re-run of it): the observations, arrivals and
 * reported deals of that instant, judged by the publication rules at that instant. Real hosts
 * answer only now, so the gateway sends the header to the sandbox alone. The tenant's clock stays
 * the bound: an instant after it is answered at the clock (no request sees the tenant's future),
 * and quotas are still counted on the clock's day.
 */
export const AS_OF_HEADER = "X-Sandbox-As-Of";

/** The instant a request asks for (ms), or null when it asks for none or for one that is no instant. */
export function requestedAsOf(header: string | undefined): number | null {
  if (header === undefined || header === "") return null;
  const ms = Date.parse(header);
  return Number.isFinite(ms) ? ms : null;
}

/** The instant a request is answered at: the one asked for, never after the tenant's clock. */
export function answeredAt(clock: number, asked: number | null): number {
  return asked === null ? clock : Math.min(asked, clock);
}
