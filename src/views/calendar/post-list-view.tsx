import { css } from 'styled-system/css';
import type { SocialPost } from '../../schemas/social.schema';
import { groupPosts } from './post-format';
import { PostItem } from './post-item';

const list = css({ display: 'grid', gap: '2', listStyle: 'none', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } });

/** List and List Drafts: the posts grouped under 'Unscheduled drafts' and 'Month Year'. */
export function PostListView({ posts, timeZone }: { posts: SocialPost[]; timeZone: string }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      {groupPosts(posts, timeZone).map((group) => (
        <section
          key={group.key}
          aria-labelledby={`group-${group.key}`}
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
        >
          <h3 id={`group-${group.key}`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {group.title}
          </h3>
          <ul aria-labelledby={`group-${group.key}`} className={list}>
            {group.posts.map((post) => (
              <PostItem key={post.postId} post={post} timeZone={timeZone} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
