/**
 * When a posted record's counts are read from the AppView. Most likes come in the first hours, so a new post is read
 * every 10 minutes for its first day, then hourly until it is a week old, then never again (its last counts stay).
 * Posts are read when due, not all at each round: a round takes what came due since the last one, so posts of
 * different ages spread the reads out (see bench/metrics.bench.ts).
 */
export const METRICS_SCHEDULE = {
  /** The first read, this long after posting. */
  firstReadMs: 10 * 60_000,
  /** Every 10 minutes while the post is younger than a day. */
  recentEveryMs: 10 * 60_000,
  recentForMs: 24 * 60 * 60_000,
  /** Then hourly until it is a week old. */
  olderEveryMs: 60 * 60_000,
  stopAfterMs: 7 * 24 * 60 * 60_000,
} as const;

/** getPosts takes at most 25 URIs (its lexicon's maxLength). */
export const METRICS_BATCH = 25;
/** AppView calls one refresher round may make at most; what is left waits for the next round, oldest due first. */
export const METRICS_MAX_CALLS = 10;

/**
 * The next read of a post posted at `postedAt`, read at `now`; null when it is old enough to stop. Reads fall on the
 * post's own beat (posting time plus whole steps), not `now` plus a step: posts read together once (after a restart,
 * every post being due) then spread out again by their ages instead of staying bunched into one large round.
 */
export function nextMetricsRead(postedAt: number, now: number): number | null {
  const s = METRICS_SCHEDULE;
  const age = Math.max(0, now - postedAt);
  const step = age < s.recentForMs ? s.recentEveryMs : s.olderEveryMs;
  const next = postedAt + (Math.floor(age / step) + 1) * step;
  return next - postedAt < s.stopAfterMs ? next : null;
}
