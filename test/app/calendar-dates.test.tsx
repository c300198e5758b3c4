import { describe, expect, it } from 'vitest';
import { dayKeyOf, daysOf, rangeOf, shiftAnchor, startOfDayIn } from '../../src/machines/calendar/calendar-dates';
import { DUE_SOON_MS, MAX_WAIT_MS, awaitsServer, waitUntilDue } from '../../src/machines/calendar/calendar.machine';
import { excerpt, formatPostTime, groupPosts, periodTitle, postsByDay } from '../../src/views/calendar/post-format';
import {
  DUE,
  LATE_NOV,
  MINUTE,
  NOW,
  PENDING,
  PENDING_POSTED,
  PUBLISHED_NOV,
  PUBLISHED_OCT,
  SCHEDULED_FAR,
  SETTLED,
  TZ,
  UNSCHEDULED,
  post,
} from '../support/calendar-posts';

describe("times in the artist's time zone", () => {
  const instant = Date.UTC(2026, 10, 22, 15, 30);
  it.each([
    ['America/New_York', '11/22/2026 10:30 AM'],
    ['America/Los_Angeles', '11/22/2026 07:30 AM'],
    ['Asia/Tokyo', '11/23/2026 12:30 AM'],
    ['Asia/Kolkata', '11/22/2026 09:00 PM'],
    ['UTC', '11/22/2026 03:30 PM'],
  ])('%s shows %s', (zone, shown) => {
    expect(formatPostTime(instant, zone)).toBe(shown);
  });

  it('follows daylight saving time: New York springs forward on 03/08/2026', () => {
    expect(formatPostTime(Date.UTC(2026, 2, 8, 6, 59), TZ)).toBe('03/08/2026 01:59 AM');
    expect(formatPostTime(Date.UTC(2026, 2, 8, 7, 0), TZ)).toBe('03/08/2026 03:00 AM');
    // That week is an hour short: its range runs from EST midnight to EDT midnight.
    const { from, to } = rangeOf('week', '2026-03-10', TZ);
    expect(from).toBe(Date.UTC(2026, 2, 8, 5));
    expect(to).toBe(Date.UTC(2026, 2, 15, 4));
    expect((to! - from!) / 3_600_000).toBe(7 * 24 - 1);
  });

  it('puts a post on the day it is where the artist lives', () => {
    // 12/01/2026 02:00 UTC is the evening of 11/30/2026 in New York.
    expect(dayKeyOf(LATE_NOV.datePublished!, TZ)).toBe('2026-11-30');
    expect(dayKeyOf(LATE_NOV.datePublished!, 'UTC')).toBe('2026-12-01');
    expect(postsByDay([LATE_NOV], TZ).get('2026-11-30')).toEqual([LATE_NOV]);
  });

  it('starts a day at the zone’s midnight, and after the gap where clocks skip midnight', () => {
    expect(startOfDayIn('2026-11-18', TZ)).toBe(Date.UTC(2026, 10, 18, 5));
    expect(startOfDayIn('2026-11-18', 'Asia/Tokyo')).toBe(Date.UTC(2026, 10, 17, 15));
    // Santiago moves from 00:00 to 01:00 on 09/06/2026: the day starts at 01:00 (-03).
    expect(startOfDayIn('2026-09-06', 'America/Santiago')).toBe(Date.UTC(2026, 8, 6, 4));
  });
});

describe('weeks and months', () => {
  it('a week starts on Sunday, whatever day it is asked from', () => {
    const week = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
    expect(daysOf('week', '2026-11-15')).toEqual(week);
    expect(daysOf('week', '2026-11-18')).toEqual(week);
    expect(daysOf('week', '2026-11-21')).toEqual(week);
    expect(periodTitle('week', '2026-11-18')).toBe('11/15/2026 – 11/21/2026');
  });

  it('a month shows the Sunday-to-Saturday weeks that cover it', () => {
    const november = daysOf('month', '2026-11-18');
    expect([november[0], november.at(-1), november.length]).toEqual(['2026-11-01', '2026-12-05', 35]);
    const february = daysOf('month', '2026-02-10');
    expect([february[0], february.at(-1), february.length]).toEqual(['2026-02-01', '2026-02-28', 28]);
    const may = daysOf('month', '2026-05-31');
    expect([may[0], may.at(-1), may.length]).toEqual(['2026-04-26', '2026-06-06', 42]);
    expect(periodTitle('month', '2026-05-31')).toBe('May 2026');
  });

  it('moves by a week or a month; list views have no period', () => {
    expect(shiftAnchor('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftAnchor('month', '2026-01-15', -1)).toBe('2025-12-15');
    expect(shiftAnchor('list', '2026-01-15', 1)).toBe('2026-01-15');
    expect(rangeOf('list', '2026-01-15', TZ)).toEqual({});
    expect(rangeOf('drafts', '2026-01-15', TZ)).toEqual({ drafts: true });
  });
});

describe('the list view groups posts by month', () => {
  it("unscheduled drafts first, then 'Month Year' newest first, each newest first", () => {
    const groups = groupPosts(SETTLED, TZ);
    expect(groups.map((g) => g.title)).toEqual(['Unscheduled drafts', 'November 2026', 'October 2026']);
    expect(groups.map((g) => g.posts)).toEqual([[UNSCHEDULED], [LATE_NOV, PUBLISHED_NOV], [PUBLISHED_OCT]]);
  });

  it('groups by the month in the artist’s zone, by published date, else scheduled date', () => {
    expect(groupPosts([LATE_NOV], 'UTC').map((g) => g.title)).toEqual(['December 2026']);
    const rescheduled = post({ isDraft: false, dateScheduled: Date.UTC(2026, 0, 10), datePublished: Date.UTC(2026, 2, 10) });
    expect(groupPosts([rescheduled, SCHEDULED_FAR], TZ).map((g) => g.title)).toEqual(['November 2026', 'March 2026']);
  });

  it('shows the start of the text on one line', () => {
    expect(excerpt('  Hello\n\nworld  ')).toBe('Hello world');
    expect(excerpt('')).toBe('(No text)');
    expect(excerpt('x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
  });
});

describe('when the calendar reads again', () => {
  it('while a scheduled draft is due within two minutes, or overdue, or a delivery is pending', () => {
    expect(DUE_SOON_MS).toBe(2 * MINUTE);
    expect(awaitsServer([DUE], NOW)).toBe(true);
    expect(awaitsServer([{ ...DUE, dateScheduled: NOW - 60 * MINUTE }], NOW)).toBe(true);
    expect(awaitsServer([{ ...DUE, dateScheduled: NOW + 3 * MINUTE }], NOW)).toBe(false);
    expect(awaitsServer([PENDING], NOW)).toBe(true);
    expect(awaitsServer([PENDING_POSTED, UNSCHEDULED, PUBLISHED_NOV], NOW)).toBe(false);
  });

  it('otherwise waits until the next scheduled draft comes due, at most an hour', () => {
    expect(waitUntilDue([{ ...DUE, dateScheduled: NOW + 10 * MINUTE }], NOW)).toBe(8 * MINUTE);
    expect(waitUntilDue([SCHEDULED_FAR], NOW)).toBe(MAX_WAIT_MS);
  });
});
