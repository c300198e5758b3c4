import { describe, expect, it } from 'vitest';
import { METRICS_SCHEDULE, nextMetricsRead } from '../../server/social/metrics-schedule';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const posted = Date.UTC(2026, 0, 1);

describe('when a post’s metrics are read', () => {
  it('every 10 minutes for its first day', () => {
    expect(nextMetricsRead(posted, posted + 10 * MIN)).toBe(posted + 20 * MIN);
    expect(nextMetricsRead(posted, posted + DAY - 1)).toBe(posted + DAY - 1 + 10 * MIN);
  });

  it('hourly from its first day to its first week', () => {
    expect(nextMetricsRead(posted, posted + DAY)).toBe(posted + DAY + HOUR);
    expect(nextMetricsRead(posted, posted + 6 * DAY)).toBe(posted + 6 * DAY + HOUR);
  });

  it('never once a next read would be past its week', () => {
    expect(nextMetricsRead(posted, posted + 7 * DAY - HOUR)).toBe(posted + 7 * DAY);
    expect(nextMetricsRead(posted, posted + 7 * DAY - HOUR + 1)).toBeNull();
    expect(nextMetricsRead(posted, posted + 8 * DAY)).toBeNull();
  });

  it('the first read is ten minutes after posting', () => {
    expect(METRICS_SCHEDULE.firstReadMs).toBe(10 * MIN);
  });
});
