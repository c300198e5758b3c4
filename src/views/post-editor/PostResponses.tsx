import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import type { PostResponse } from '../../schemas/social.schema';
import type { PostVideoStatus } from '../../schemas/post-video.schema';
import { ProgressBar } from '../ui/progress';
import { Button } from '../ui/button';
import { accountLabel } from './AccountsField';
import { canRetryFailed, pollingOf, selectResponses } from '../../machines/post-editor/post-editor.selectors';
import { formatLocalTime } from './schedule-time';
import { PostMetricsLine } from '../ui/post-metrics';

const spin = css({
  display: 'inline-block',
  w: '4',
  h: '4',
  borderWidth: '2px',
  borderColor: 'accent.default',
  borderTopColor: 'transparent',
  borderRadius: 'full',
  animation: 'spin',
});
const row = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border',
  _last: { borderBottomWidth: '0' },
});

const STATUS = {
  posted: { label: 'Posted', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  error: { label: 'Failed', tone: 'danger' },
} as const;

const VIDEO_TEXT = {
  uploading: 'Sending the video to Bluesky...',
  processing: 'Bluesky is processing the video',
  ready: 'The video is on Bluesky; writing the post...',
} as const;

/** Where the post's video stands on this account: sent, processed (with Bluesky's percent when it gives one), ready. */
function VideoProgress({ video }: { video: PostVideoStatus }) {
  const percent = video.state === 'processing' ? video.progress : null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })} data-video={video.state}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {video.state === 'processing' ? `${VIDEO_TEXT.processing}${percent !== null ? `: ${percent}%` : '...'}` : VIDEO_TEXT[video.state]}
      </p>
      {percent !== null ? <ProgressBar label={VIDEO_TEXT.processing} fraction={percent / 100} /> : null}
    </div>
  );
}

/** How one account fared: posted (with its link), pending (with why it waits, if known), or failed with why. */
function ResponseRow({ response: r }: { response: PostResponse }) {
  const status = STATUS[r.postStatus];
  return (
    <li className={row} aria-label={accountLabel(r)} data-status={r.postStatus}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <span className={css({ fontWeight: 'medium' })}>{accountLabel(r)}</span>
        <span className={badge({ tone: status.tone })}>{status.label}</span>
        {r.postStatus === 'pending' ? <span className={spin} aria-hidden="true" /> : null}
      </div>
      {r.postStatus === 'posted' ? (
        <p className={css({ fontSize: 'sm' })}>
          {r.datePosted ? `Posted on ${formatLocalTime(r.datePosted)}. ` : null}
          {r.postUrl ? (
            <a href={r.postUrl} target="_blank" rel="noreferrer" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
              View on {PLATFORM_LABELS[r.platform]}
            </a>
          ) : null}
        </p>
      ) : null}
      {r.postStatus === 'posted' && r.metrics ? (
        <PostMetricsLine metrics={r.metrics} platform={r.platform} readAt={formatLocalTime(r.metrics.readAt)} />
      ) : null}
      {r.postStatus === 'pending' ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{r.postError ? `Waiting to try again: ${r.postError}` : 'Posting...'}</p>
      ) : null}
      {r.postStatus === 'pending' && r.video ? <VideoProgress video={r.video} /> : null}
      {r.postStatus === 'error' ? <p className={css({ fontSize: 'sm', color: 'danger' })}>{r.postError ?? 'The post failed.'}</p> : null}
    </li>
  );
}

const POLLING_TEXT = {
  waiting: 'Some accounts are still pending: checking again every few seconds.',
  refreshing: 'Checking the pending accounts...',
  retrying: 'Trying the failed accounts again...',
  idle: '',
} as const;

/** A published post's deliveries, one per account, and Retry failed (Post again) when some failed. */
export const PostResponses = memo(function PostResponses({ editor }: { editor: PostEditorRef }) {
  const responses = useSelector(editor, selectResponses);
  const polling = useSelector(editor, pollingOf);
  const canRetry = useSelector(editor, canRetryFailed);
  const anyFailed = responses.some((r) => r.postStatus === 'error');
  return (
    <section
      aria-labelledby="post-responses-title"
      data-state={polling}
      className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
    >
      <h2 id="post-responses-title" className={css({ fontWeight: 'semibold' })}>
        Delivery
      </h2>
      <ul aria-label="Deliveries" className={css({ listStyle: 'none' })}>
        {responses.map((r) => (
          <ResponseRow key={`${r.platform}:${r.handle}`} response={r} />
        ))}
      </ul>
      <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {POLLING_TEXT[polling]}
      </p>
      {anyFailed ? (
        <div>
          <Button disabled={!canRetry} onClick={() => editor.send({ type: 'post.retryFailed' })}>
            {polling === 'retrying' ? 'Retrying...' : 'Retry failed'}
          </Button>
        </div>
      ) : null}
    </section>
  );
});
