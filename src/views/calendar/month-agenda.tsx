import { css } from 'styled-system/css';
import { daysOf, monthOf, type DayKey } from '../../machines/calendar/calendar-dates';
import type { SocialPost } from '../../schemas/social.schema';
import { formatDay, periodTitle, postsByDay, weekdayOf } from './post-format';
import { PostItem } from './post-item';

const dayClass = css.raw({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', bg: 'bg.subtle', borderRadius: 'md' });
const todayClass = css.raw({ bg: 'accent.subtle', outline: '2px solid', outlineColor: 'accent.default' });

/** Month on a phone: no seven-column grid, only the month's days that have posts, one under another. */
export function MonthAgenda({ anchor, today, posts, timeZone }: { anchor: DayKey; today: DayKey; posts: SocialPost[]; timeZone: string }) {
  const byDay = postsByDay(posts, timeZone);
  const month = monthOf(anchor);
  const days = daysOf('month', anchor).filter((day) => monthOf(day) === month && byDay.has(day));
  return (
    <ol
      aria-label={periodTitle('month', anchor)}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none' })}
    >
      {days.map((day) => {
        const name = `${weekdayOf(day, 'long')}, ${formatDay(day)}`;
        return (
          <li
            key={day}
            aria-label={name}
            aria-current={day === today ? 'date' : undefined}
            className={css(dayClass, day === today && todayClass)}
          >
            <h3 className={css({ fontSize: 'sm', fontWeight: 'bold' })}>{name}</h3>
            <ul aria-label={`Posts on ${name}`} className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none' })}>
              {byDay.get(day)!.map((post) => (
                <PostItem key={post.postId} post={post} timeZone={timeZone} compact />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
