import { css } from 'styled-system/css';
import { daysOf, type DayKey } from '../../machines/calendar/calendar-dates';
import type { SocialPost } from '../../schemas/social.schema';
import { formatDay, periodTitle, postsByDay, weekdayOf } from './post-format';
import { PostItem } from './post-item';

const columns = css({
  display: 'grid',
  gap: '2',
  listStyle: 'none',
  gridTemplateColumns: { base: '1fr', md: 'repeat(7, minmax(0, 1fr))' },
});
const column = css.raw({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '2',
  bg: 'bg.subtle',
  borderRadius: 'md',
  minH: { md: '48' },
  minW: 0,
});
const todayColumn = css.raw({ bg: 'accent.subtle', outline: '2px solid', outlineColor: 'accent.default' });

/** Week: seven columns from Sunday, each day's posts in time order. */
export function WeekView({ anchor, today, posts, timeZone }: { anchor: DayKey; today: DayKey; posts: SocialPost[]; timeZone: string }) {
  const byDay = postsByDay(posts, timeZone);
  return (
    <ol aria-label={`Week ${periodTitle('week', anchor)}`} className={columns}>
      {daysOf('week', anchor).map((day) => {
        const dayPosts = byDay.get(day) ?? [];
        const name = `${weekdayOf(day, 'long')}, ${formatDay(day)}`;
        return (
          <li
            key={day}
            aria-label={name}
            aria-current={day === today ? 'date' : undefined}
            className={css(column, day === today && todayColumn)}
          >
            <h3 className={css({ display: 'flex', flexDirection: 'column', fontSize: 'sm' })}>
              <span className={css({ fontWeight: 'bold' })}>{weekdayOf(day, 'short')}</span>
              <span className={css({ color: 'fg.muted' })}>{formatDay(day)}</span>
            </h3>
            {dayPosts.length ? (
              <ul
                aria-label={`Posts on ${name}`}
                className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none' })}
              >
                {dayPosts.map((post) => (
                  <PostItem key={post.postId} post={post} timeZone={timeZone} compact />
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
