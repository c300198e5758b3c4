import type { AppDeps } from '../../../context';
import type { DueMetrics, PostCounts } from '../../metrics.repo';
import { getPagePostMetrics, type FacebookApi } from '../facebook/facebook-api';
import { facebookApi, type FacebookPageToken } from '../facebook/facebook-connect';
import { getMediaMetrics, type InstagramApi } from '../instagram/instagram-api';
import { instagramApi, type InstagramToken } from '../instagram/instagram-connect';
import type { MetricsSink } from '../provider';
import { GraphError } from './graph-client';

export type MetaDue = Extract<DueMetrics, { platform: 'instagram' | 'facebook' }>;

/** How many Meta posts one refresher round reads at once (each is a call of its own, on its account's token). */
export const META_METRICS_AT_ONCE = 4;

/**
 * A published Instagram media's or Page post's counts, in the places Bluesky's go: likes (Facebook: reactions) and
 * replies (comments); Meta has no reposts or quotes. Null when Meta answered but would not give them (the media was
 * deleted, the token no longer works, the app is no longer set up): the last counts stay, and a token that fails here
 * is left to the next publish to report, never marked from a count. A call that got no answer throws, so that the
 * post is read again a few minutes later.
 */
export async function readMetaCounts(deps: Pick<AppDeps, 'config' | 'outbound' | 'social'>, due: MetaDue): Promise<PostCounts | null> {
  const { accessToken } = JSON.parse(deps.social.box.open(due.sessionSealed)) as InstagramToken | FacebookPageToken;
  try {
    if (due.platform === 'instagram') {
      const ig: InstagramApi | null = instagramApi(deps);
      if (!ig) return null;
      const m = await getMediaMetrics(ig, accessToken, due.mediaId);
      return { likes: m.likes, reposts: 0, replies: m.comments, quotes: 0 };
    }
    const fb: FacebookApi | null = facebookApi(deps);
    if (!fb) return null;
    const m = await getPagePostMetrics(fb, accessToken, due.mediaId);
    return { likes: m.reactions, reposts: 0, replies: m.comments, quotes: 0 };
  } catch (err) {
    if (err instanceof GraphError && err.status < 500 && !err.extra.isTransient) return null;
    throw err;
  }
}

/** The due posts of one Meta network, one Graph call each on the account's own token, a few at a time. */
export async function readMetaMetrics(
  deps: Pick<AppDeps, 'config' | 'outbound' | 'log' | 'social'>,
  platform: MetaDue['platform'],
  due: DueMetrics[],
  sink: MetricsSink,
) {
  const queue = due.filter((d): d is MetaDue => d.platform === platform);
  const reads: Parameters<MetricsSink['store']>[0] = [];
  const failed: string[] = [];
  const lane = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      sink.called();
      try {
        reads.push({ ...d, counts: await readMetaCounts(deps, d) });
      } catch (err) {
        deps.log.warn({ err: String(err), deliveryId: d.id, platform }, 'could not read post metrics from Meta');
        failed.push(d.id);
      }
    }
  };
  await Promise.all(Array.from({ length: META_METRICS_AT_ONCE }, lane));
  await sink.store(reads);
  if (failed.length) await sink.postpone(failed);
}
