/**
 * The runtime's own clock, on which Durable Object alarms fire. Alarm times are computed from it
 * rather than from `Date`, which a run may pin to another instant: the test suite pins `Date` in
 * the isolate that also hosts the objects, and an alarm set from a pinned past `Date.now()` fires
 * at once, turning every delay into a busy loop. On Workers `performance.timeOrigin` is 0 and
 * `performance.now()` reads the same clock as an unpinned `Date.now()`.
 */
export function runtimeNow(): number {
  return performance.timeOrigin + performance.now();
}
