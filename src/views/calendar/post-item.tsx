import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { postLabel, type PostResponse, type SocialPost } from '../../schemas/social.schema';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import { PostMetricsLine } from '../ui/post-metrics';
import { RESPONSE_STATUS_LABELS, excerpt, formatPostTime, whenOf } from './post-format';

const LABEL_TONES = { Published: 'success', 'Scheduled Draft': 'accent', Draft: 'neutral' } as const;
const STATUS_TONES = { posted: 'success', pending: 'warning', error: 'danger' } as const;

export const NOT_SCHEDULED = 'Not scheduled';
export const postHref = (post: SocialPost) => `/social-media/post/${post.postId}`;

// css.raw: style objects Panda extracts and css() merges (the later wins), unlike two classes for one property.
const item = css.raw({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '3',
  fontSize: 'sm',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  bg: 'bg.surface',
  minW: 0,
  _hover: { borderColor: 'accent.default' },
  '&:focus-within': { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
});
const compactItem = css.raw({ p: '1.5', fontSize: 'xs', gap: '0.5' });
// The link covers the whole item, so a click anywhere opens the post; the response links sit above it.
const stretched = css({
  fontWeight: 'medium',
  overflowWrap: 'anywhere',
  _focusVisible: { outline: 'none' },
  _after: { content: '""', position: 'absolute', inset: 0 },
});
const muted = css({ fontSize: 'xs', color: 'fg.muted' });
const srOnly = css({ srOnly: true });
const external = css({ position: 'relative', zIndex: 1, color: 'accent.default', textDecoration: 'underline' });

/** One post: its label, its time in the artist's zone, the start of its text, and once published how each account fared. */
export function PostItem({ post, timeZone, compact = false }: { post: SocialPost; timeZone: string; compact?: boolean }) {
  const label = postLabel(post);
  const when = whenOf(post);
  return (
    <li className={css(item, compact && compactItem)} data-label={label}>
      <div className={css({ display: 'flex', gap: compact ? '1' : '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <span className={badge({ tone: LABEL_TONES[label] })}>{label}</span>
        {when !== null ? (
          <time dateTime={new Date(when).toISOString()} className={muted}>
            {formatPostTime(when, timeZone)}
          </time>
        ) : (
          <span className={muted}>{NOT_SCHEDULED}</span>
        )}
      </div>
      <Link href={postHref(post)} className={stretched}>
        {excerpt(post.content, compact ? 40 : 80)}
      </Link>
      {!post.isDraft && post.responses.length ? <Responses responses={post.responses} compact={compact} /> : null}
    </li>
  );
}

/** How each account fared; in a calendar cell the account and the link text shrink to what screen readers hear. */
function Responses({ responses, compact }: { responses: PostResponse[]; compact: boolean }) {
  return (
    <ul aria-label="Delivery" className={css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none' })}>
      {responses.map((r) => (
        <li
          key={`${r.platform}:${r.handle}`}
          className={css({ display: 'flex', gap: '1', alignItems: 'center', flexWrap: 'wrap', fontSize: 'xs' })}
        >
          <span className={compact ? srOnly : undefined}>
            {PLATFORM_LABELS[r.platform]} @{r.handle}:
          </span>
          <span
            className={badge({ tone: STATUS_TONES[r.postStatus] })}
            title={compact ? `${PLATFORM_LABELS[r.platform]} @${r.handle}` : undefined}
          >
            {RESPONSE_STATUS_LABELS[r.postStatus]}
          </span>
          {r.postStatus === 'posted' && r.postUrl ? (
            <a
              href={r.postUrl}
              target="_blank"
              rel="noreferrer"
              aria-label={`View on ${PLATFORM_LABELS[r.platform]} (opens in a new tab)`}
              className={external}
            >
              {compact ? 'View' : `View on ${PLATFORM_LABELS[r.platform]}`}
            </a>
          ) : null}
          {r.postStatus === 'posted' && r.metrics ? <PostMetricsLine metrics={r.metrics} platform={r.platform} compact={compact} /> : null}
          {r.postStatus === 'error' && r.postError ? (
            <span className={css({ color: 'danger', overflowWrap: 'anywhere' })}>{r.postError}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
