import { fromPromise } from 'xstate';
import type { SocialService } from '../../services/social.service';
import { calendarMachine } from './calendar.machine';

export interface CalendarDeps {
  social: Pick<SocialService, 'listPosts'>;
  /** The clock the posts' read time comes from (what is due soon is judged from it). */
  now?: () => number;
}

/**
 * The calendar, reading posts through the social service (fresh reads while it watches the server), and with each
 * read the recent posts that failed, which it lists whatever the view.
 */
export const provideCalendar = ({ social, now = Date.now }: CalendarDeps) =>
  calendarMachine.provide({
    actors: {
      loadPosts: fromPromise(async ({ input }) => {
        const [posts, failed] = await Promise.all([
          social.listPosts(input.range, { fresh: input.fresh }),
          social.listPosts({ failed: true }, { fresh: input.fresh }),
        ]);
        return { posts, failed, at: now() };
      }),
    },
  });
