import { css } from 'styled-system/css';
import type { PostMetrics } from '../../schemas/social.schema';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 likes · 3 reposts · 1 reply · 0 quotes": what Bluesky's AppView last said of a posted record. */
export const metricsText = (m: PostMetrics) =>
  [
    plural(m.likes, 'like', 'likes'),
    plural(m.reposts, 'repost', 'reposts'),
    plural(m.replies, 'reply', 'replies'),
    plural(m.quotes, 'quote', 'quotes'),
  ].join(' · ');

const short = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));
const srOnly = css({ srOnly: true });

/**
 * A posted record's counts, small. In a calendar cell (compact) only the numbers show, with the words for screen
 * readers and as a tooltip; `readAt` (how fresh the counts are) is given as text where there is room.
 */
export function PostMetricsLine({ metrics, compact = false, readAt }: { metrics: PostMetrics; compact?: boolean; readAt?: string }) {
  const text = metricsText(metrics);
  return (
    <span
      data-metrics
      className={css({ fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}
      title={compact ? text : undefined}
    >
      {compact ? (
        <>
          <span aria-hidden="true">{[metrics.likes, metrics.reposts, metrics.replies, metrics.quotes].map(short).join(' · ')}</span>
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
