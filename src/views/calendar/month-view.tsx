import { css } from 'styled-system/css';
import { daysOf, monthOf, type DayKey } from '../../machines/calendar/calendar-dates';
import type { SocialPost } from '../../schemas/social.schema';
import { formatDay, periodTitle, postsByDay, weekdayOf } from './post-format';
import { PostItem } from './post-item';

const cell = css.raw({
  verticalAlign: 'top',
  borderWidth: '1px',
  borderColor: 'border',
  p: '1',
  w: '14.28%',
  minW: '28',
  h: '28',
  bg: 'bg.surface',
});
const outside = css.raw({ bg: 'bg.subtle', color: 'fg.muted' });
const todayCell = css.raw({ bg: 'accent.subtle' });

/** Month: the Sunday-to-Saturday weeks that cover the month, each day with its posts. */
export function MonthView({ anchor, today, posts, timeZone }: { anchor: DayKey; today: DayKey; posts: SocialPost[]; timeZone: string }) {
  const days = daysOf('month', anchor);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const byDay = postsByDay(posts, timeZone);
  const month = monthOf(anchor);
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table
        aria-label={periodTitle('month', anchor)}
        className={css({ w: 'full', borderCollapse: 'collapse', tableLayout: 'fixed', minW: '3xl' })}
      >
        <thead>
          <tr>
            {weeks[0].map((day) => (
              <th key={day} scope="col" abbr={weekdayOf(day, 'long')} className={css({ fontSize: 'sm', fontWeight: 'semibold', py: '2' })}>
                {weekdayOf(day, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const dayPosts = byDay.get(day) ?? [];
                return (
                  <td
                    key={day}
                    aria-current={day === today ? 'date' : undefined}
                    data-outside={monthOf(day) !== month || undefined}
                    className={css(cell, monthOf(day) !== month && outside, day === today && todayCell)}
                  >
                    <div className={css({ fontSize: 'sm', fontWeight: day === today ? 'bold' : 'normal', mb: '1' })}>
                      <span aria-hidden="true">{Number(day.slice(8))}</span>
                      <span className={css({ srOnly: true })}>{formatDay(day)}</span>
                    </div>
                    {dayPosts.length ? (
                      <ul
                        aria-label={`Posts on ${formatDay(day)}`}
                        className={css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none' })}
                      >
                        {dayPosts.map((post) => (
                          <PostItem key={post.postId} post={post} timeZone={timeZone} compact />
                        ))}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
