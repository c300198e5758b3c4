import { css } from 'styled-system/css';
import type { Platform } from '../../schemas/social-platform.schema';
import type { PostMetrics } from '../../schemas/social.schema';
import { plural } from '../../schemas/plural';

/**
 * What each network counts, in its own words: Bluesky's likes, reposts, replies and quotes; Instagram's likes and
 * comments; a Facebook Page post's reactions and comments (stored as likes and replies).
 */
const countsOf = (m: PostMetrics, platform: Platform): Array<[n: number, one: string, many: string]> =>
  platform === 'bluesky'
    ? [
        [m.likes, 'like', 'likes'],
        [m.reposts, 'repost', 'reposts'],
        [m.replies, 'reply', 'replies'],
        [m.quotes, 'quote', 'quotes'],
      ]
    : [platform === 'facebook' ? [m.likes, 'reaction', 'reactions'] : [m.likes, 'like', 'likes'], [m.replies, 'comment', 'comments']];

/** "12 likes · 3 reposts · 1 reply · 0 quotes" (Bluesky), "12 likes · 3 comments" (Instagram): what the network last said. */
export const metricsText = (m: PostMetrics, platform: Platform = 'bluesky') =>
  countsOf(m, platform)
    .map(([n, one, many]) => plural(n, one, many))
    .join(' · ');

const short = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));
const srOnly = css({ srOnly: true });

/**
 * A posted record's counts, small. In a calendar cell (compact) only the numbers show, with the words for screen
 * readers and as a tooltip; `readAt` (how fresh the counts are) is given as text where there is room.
 */
export function PostMetricsLine({
  metrics,
  platform,
  compact = false,
  readAt,
}: {
  metrics: PostMetrics;
  platform: Platform;
  compact?: boolean;
  readAt?: string;
}) {
  const text = metricsText(metrics, platform);
  return (
    <span
      data-metrics
      className={css({ fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}
      title={compact ? text : undefined}
    >
      {compact ? (
        <>
          <span aria-hidden="true">
            {countsOf(metrics, platform)
              .map(([n]) => short(n))
              .join(' · ')}
          </span>
          <span className={srOnly}>{text}</span>
        </>
      ) : (
        <>
          {text}
          {readAt ? ` (as of ${readAt})` : null}
        </>
      )}
    </span>
  );
}
