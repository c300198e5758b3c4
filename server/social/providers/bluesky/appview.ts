import { withDeadline } from '../../../outbound/deadline';
import { BlueskyError, toBlueskyError } from './bluesky';
import { METRICS_BATCH } from '../../metrics-schedule';
import type { PostCounts } from '../../metrics.repo';

/**
 * Reads the counts of up to 25 posts (AT-URIs) with one public app.bsky.feed.getPosts call to the AppView (no
 * sign-in: counts are public). Posts the AppView does not know (deleted, not indexed yet) are missing from the answer.
 */
export async function readPostCounts(
  appViewUrl: string,
  uris: string[],
  fetch: typeof globalThis.fetch,
  timeoutMs = 10_000,
): Promise<Map<string, PostCounts>> {
  if (uris.length > METRICS_BATCH) throw new Error(`getPosts takes at most ${METRICS_BATCH} URIs`);
  const url = new URL('/xrpc/app.bsky.feed.getPosts', appViewUrl);
  for (const uri of uris) url.searchParams.append('uris', uri);
  // The deadline covers the whole exchange, the body included.
  const body = await withDeadline(timeoutMs, async (signal) => {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal });
    if (!res.ok) {
      await res.body?.cancel();
      throw toBlueskyError({ status: res.status, headers: Object.fromEntries(res.headers) }, appViewUrl);
    }
    return (await res.json().catch(() => null)) as { posts?: unknown } | null;
  }).catch((err: unknown) => {
    throw toBlueskyError(err, appViewUrl);
  });
  if (!body || !Array.isArray(body.posts)) throw new BlueskyError('transient', 'The AppView answered getPosts without posts.');
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);
  const out = new Map<string, PostCounts>();
  for (const p of body.posts as Record<string, unknown>[]) {
    if (typeof p?.uri !== 'string') continue;
    out.set(p.uri, { likes: count(p.likeCount), reposts: count(p.repostCount), replies: count(p.replyCount), quotes: count(p.quoteCount) });
  }
  return out;
}
