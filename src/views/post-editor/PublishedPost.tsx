import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { counterText, textLimitOf } from '../../machines/post-editor/post-editor.networks';
import { selectPost } from '../../machines/post-editor/post-editor.selectors';
import { composePostText } from '../../schemas/post-text';
import { accountLabel } from './AccountsField';
import { formatLocalTime } from './schedule-time';

const term = css({ fontSize: 'sm', color: 'fg.muted' });

/** A published post, read-only: the text as it went out, its tags, accounts and dates (in the artist's time zone). */
export function PublishedPost({ editor }: { editor: PostEditorRef }) {
  const post = useSelector(editor, selectPost);
  if (!post) return null;
  const text = composePostText({ content: post.content, hashtags: post.hashtags ?? [], mentions: post.mentions ?? [] });
  return (
    <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '4', rowGap: '2' })}>
      <dt className={term}>Text</dt>
      <dd>
        <p data-testid="published-text" className={css({ whiteSpace: 'pre-wrap' })}>
          {text}
        </p>
        <p className={term}>{counterText(text.length, textLimitOf(post.accounts))}</p>
      </dd>
      <dt className={term}>Hashtags</dt>
      <dd>{post.hashtags?.length ? post.hashtags.join(' ') : 'None'}</dd>
      <dt className={term}>Mentions</dt>
      <dd>{post.mentions?.length ? post.mentions.join(' ') : 'None'}</dd>
      {post.location ? (
        <>
          <dt className={term}>Location</dt>
          <dd data-testid="published-location">{post.location}</dd>
        </>
      ) : null}
      <dt className={term}>Accounts</dt>
      <dd>{post.accounts.map(accountLabel).join(', ')}</dd>
      {post.dateScheduled ? (
        <>
          <dt className={term}>Scheduled for</dt>
          <dd>{formatLocalTime(post.dateScheduled)}</dd>
        </>
      ) : null}
      {post.datePublished ? (
        <>
          <dt className={term}>Published</dt>
          <dd data-testid="date-published">{formatLocalTime(post.datePublished)}</dd>
        </>
      ) : null}
    </dl>
  );
}
