import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POLL_INTERVAL_MS } from '../../src/machines/calendar/calendar.machine';
import type { SocialPost } from '../../src/schemas/social.schema';
import SocialCalendarRoute from '../../src/views/calendar/calendar-route';
import { PhoneLayoutProvider } from '../../src/views/shell/phone-layout';
import { AWAITING, DUE, NOW, PUBLISHED_NOV, PUBLISHED_OCT, SETTLED, WENT_OUT } from '../support/calendar-posts';
import { renderWithFakeApi } from '../support/fake-api';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const inZone = (epoch: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(epoch);

afterEach(() => {
  vi.useRealTimers();
});

/** The calendar's second read (posts that failed, whatever the view) answered apart from the view's posts. */
const isFailedRead = (r: { params?: unknown }) => (r.params as { failed?: string } | undefined)?.failed === 'true';
const viewReads = <T extends { params?: unknown }>(requests: T[]) => requests.filter((r) => !isFailedRead(r));

describe('Social Media Calendar route', () => {
  it('asks the server for every post, the drafts, or the days of a week or month', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const user = userEvent.setup();
    const { requests } = renderWithFakeApi(<SocialCalendarRoute />, {
      path: '/social-media',
      handler: (r) => ({ status: 200, body: isFailedRead(r) ? [] : SETTLED }),
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Unscheduled drafts' })).toBeInTheDocument();
    expect(screen.getByText(`Times are shown in your time zone, ${zone}.`)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await screen.findByRole('list', { name: /^Week / });
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'List Drafts' }));
    await screen.findByRole('heading', { level: 2, name: 'Drafts' });

    // The posts that failed are read with the first view, then come from the cache like any read (default freshness).
    expect(requests.filter(isFailedRead)).toHaveLength(1);
    expect(viewReads(requests).map((r) => `${r.method} ${r.url}`)).toEqual(Array(4).fill('GET /social-media/post'));
    const [list, week, month, drafts] = viewReads(requests).map((r) => r.params as { from?: number; to?: number; drafts?: string });
    expect(list).toEqual({});
    expect(drafts).toEqual({ drafts: 'true' });
    // A week runs from Sunday midnight to the next, where the artist lives; a month covers whole weeks.
    expect(inZone(week.from!)).toBe('Sunday 00:00');
    expect(inZone(week.to!)).toBe('Sunday 00:00');
    expect(week.from! <= NOW && NOW < week.to!).toBe(true);
    expect(Math.round((week.to! - week.from!) / 3_600_000)).toBe(168);
    expect(inZone(month.from!)).toBe('Sunday 00:00');
    expect(inZone(month.to!)).toBe('Sunday 00:00');
  });

  it('reads again every few seconds, past the cache, until a scheduled post is Published', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    const answers: SocialPost[][] = [AWAITING, AWAITING, WENT_OUT];
    const { requests } = renderWithFakeApi(<SocialCalendarRoute />, {
      path: '/social-media',
      handler: (r) => ({ status: 200, body: isFailedRead(r) ? [] : (answers.shift() ?? WENT_OUT) }),
    });
    // Timers are fake: let the answers arrive instead of polling the page for them.
    const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
    const item = async () => {
      await flush();
      return screen.getByRole('link', { name: DUE.content }).closest('li')!;
    };

    expect(await item()).toHaveTextContent('Scheduled Draft');
    expect(screen.getByText('Updating while posts go out…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(viewReads(requests)).toHaveLength(2);
    expect(await item()).toHaveTextContent('Scheduled Draft');
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(viewReads(requests)).toHaveLength(3);

    const published = await item();
    expect(published).toHaveTextContent('Published');
    expect(within(published).getByRole('list', { name: 'Delivery' })).toHaveTextContent('Posted');
    // Nothing waits on the server any more: no further reads.
    expect(screen.queryByText('Updating while posts go out…')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(viewReads(requests)).toHaveLength(3);
  });

  it('on a phone shows the month as a list of the days that have posts, not the seven-column grid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const user = userEvent.setup();
    renderWithFakeApi(
      <PhoneLayoutProvider value>
        <SocialCalendarRoute />
      </PhoneLayoutProvider>,
      { path: '/social-media', handler: () => ({ status: 200, body: [PUBLISHED_NOV] }) },
    );
    await user.click(await screen.findByRole('radio', { name: 'Month' }));
    const month = await screen.findByRole('list', { name: 'November 2026' });
    expect(screen.queryByRole('table')).toBeNull();
    const days = within(month).getAllByRole('listitem', { name: /, \d\d\/\d\d\/2026$/ });
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual(['Monday, 11/16/2026']);
    expect(within(days[0]).getByRole('heading', { level: 3, name: 'Monday, 11/16/2026' })).toBeInTheDocument();
    expect(within(days[0]).getByRole('link', { name: new RegExp(`^${PUBLISHED_NOV.content.slice(0, 20)}`) })).toBeInTheDocument();
  });

  it("shows a published post's likes, reposts, replies and quotes under its account, in the list and in a month cell", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const user = userEvent.setup();
    const metrics = { likes: 12, reposts: 3, replies: 1, quotes: 0, readAt: NOW - 60_000 };
    const liked = { ...PUBLISHED_NOV, responses: [{ ...PUBLISHED_NOV.responses[0], metrics }] };
    renderWithFakeApi(<SocialCalendarRoute />, {
      path: '/social-media',
      handler: (r) => ({ status: 200, body: isFailedRead(r) ? [] : [liked] }),
    });
    const delivery = await screen.findByRole('list', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('12 likes · 3 reposts · 1 reply · 0 quotes');
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    const cell = await screen.findByRole('list', { name: 'Delivery' });
    // Only the numbers show in a cell; the words are there for screen readers and as a tooltip.
    expect(cell).toHaveTextContent('12 likes · 3 reposts · 1 reply · 0 quotes');
    expect(cell.querySelector('[data-metrics]')).toHaveAttribute('title', '12 likes · 3 reposts · 1 reply · 0 quotes');
  });

  it("counts an Instagram post's likes and comments and a Facebook Page post's reactions and comments, in their words", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const user = userEvent.setup();
    const metrics = { likes: 1200, reposts: 0, replies: 1, quotes: 0, readAt: NOW - 60_000 };
    const base = PUBLISHED_NOV.responses[0];
    const onMeta = {
      ...PUBLISHED_NOV,
      responses: [
        { ...base, platform: 'instagram' as const, handle: 'ada.paints', metrics },
        { ...base, platform: 'facebook' as const, handle: 'ada paints', metrics: { ...metrics, likes: 1, replies: 4 } },
      ],
    };
    renderWithFakeApi(<SocialCalendarRoute />, {
      path: '/social-media',
      handler: (r) => ({ status: 200, body: isFailedRead(r) ? [] : [onMeta] }),
    });
    const delivery = await screen.findByRole('list', { name: 'Delivery' });
    const lines = [...delivery.querySelectorAll('[data-metrics]')].map((m) => m.textContent);
    expect(lines).toEqual(['1200 likes · 1 comment', '1 reaction · 4 comments']);
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    const cell = await screen.findByRole('list', { name: 'Delivery' });
    const compact = [...cell.querySelectorAll('[data-metrics]')];
    expect(compact.map((m) => m.getAttribute('title'))).toEqual(['1200 likes · 1 comment', '1 reaction · 4 comments']);
    expect(compact[0].querySelector('[aria-hidden="true"]')).toHaveTextContent(/^1\.2k · 1$/);
  });

  it('lists the posts that failed above every view, each opening its post with the reason', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const user = userEvent.setup();
    renderWithFakeApi(<SocialCalendarRoute />, {
      path: '/social-media',
      handler: (r) => ({ status: 200, body: isFailedRead(r) ? [PUBLISHED_OCT] : [PUBLISHED_NOV] }),
    });
    const section = await screen.findByRole('region', { name: 'A post that failed' });
    expect(section).toHaveTextContent('Open a post to read why, and use Retry failed to post it again.');
    const item = within(section).getByRole('link', { name: new RegExp(`^${PUBLISHED_OCT.content.slice(0, 20)}`) });
    expect(item).toHaveAttribute('href', `/social-media/post/${PUBLISHED_OCT.postId}`);
    expect(within(section).getByRole('list', { name: 'Delivery' })).toHaveTextContent(PUBLISHED_OCT.responses[0].postError!);
    // October's post, outside the week shown: still listed.
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await screen.findByRole('list', { name: /^Week / });
    expect(screen.getByRole('region', { name: 'A post that failed' })).toBeInTheDocument();
  });
});
