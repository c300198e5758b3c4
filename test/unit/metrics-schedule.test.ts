import { describe, expect, it } from 'vitest';
import { METRICS_SCHEDULE, nextMetricsRead } from '../../server/social/metrics-schedule';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const posted = Date.UTC(2026, 0, 1);

describe('when a post’s metrics are read', () => {
  it('every 10 minutes for its first day, on the post’s own beat', () => {
    expect(nextMetricsRead(posted, posted + 10 * MIN)).toBe(posted + 20 * MIN);
    // Read late (a busy round): the next read keeps the beat rather than drifting.
    expect(nextMetricsRead(posted, posted + 13 * MIN)).toBe(posted + 20 * MIN);
    expect(nextMetricsRead(posted, posted + DAY - 1)).toBe(posted + DAY);
  });

  it('hourly from its first day to its first week', () => {
    expect(nextMetricsRead(posted, posted + DAY)).toBe(posted + DAY + HOUR);
    expect(nextMetricsRead(posted, posted + 6 * DAY + 20 * MIN)).toBe(posted + 6 * DAY + HOUR);
  });

  it('never once a next read would be at or past its week', () => {
    expect(nextMetricsRead(posted, posted + 7 * DAY - 2 * HOUR)).toBe(posted + 7 * DAY - HOUR);
    expect(nextMetricsRead(posted, posted + 7 * DAY - HOUR)).toBeNull();
    expect(nextMetricsRead(posted, posted + 8 * DAY)).toBeNull();
  });

  it('posts read together once (a cold start) are next read at different times', () => {
    const now = posted + 3 * DAY;
    const ages = [3 * DAY, 3 * DAY - 7 * MIN, 3 * DAY - 25 * MIN, 3 * DAY - 51 * MIN];
    expect(new Set(ages.map((age) => nextMetricsRead(now - age, now))).size).toBe(4);
  });

  it('the first read is ten minutes after posting', () => {
    expect(METRICS_SCHEDULE.firstReadMs).toBe(10 * MIN);
  });
});
