import { css } from 'styled-system/css';
import type { SocialPost } from '../../schemas/social.schema';
import { CALENDAR_TEXT } from './calendar-text';
import { PostItem } from './post-item';

/**
 * The recent posts with a failed delivery, above the calendar whatever its view or period: the in-app side of the
 * mail a failed scheduled post sends. Each opens its post, where Retry failed posts it again; then it leaves the list.
 */
export function FailedPosts({ posts, timeZone }: { posts: SocialPost[]; timeZone: string }) {
  if (!posts.length) return null;
  return (
    <section
      aria-labelledby="failed-posts-title"
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '2',
        p: '3',
        borderWidth: '1px',
        borderColor: 'danger',
        borderRadius: 'md',
      })}
    >
      <h2 id="failed-posts-title" className={css({ fontWeight: 'semibold' })}>
        {CALENDAR_TEXT.failedTitle(posts.length)}
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{CALENDAR_TEXT.failedHint}</p>
      <ul aria-labelledby="failed-posts-title" className={css({ display: 'grid', gap: '2', listStyle: 'none' })}>
        {posts.map((post) => (
          <PostItem key={post.postId} post={post} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}
