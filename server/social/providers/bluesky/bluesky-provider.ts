import { NETWORK_RULES } from '../../../../src/schemas/network-rules';
import type { DueMetrics } from '../../metrics.repo';
import { METRICS_BATCH } from '../../metrics-schedule';
import type { Provider } from '../provider';
import { readPostCounts } from './appview';
import { attemptBluesky } from './bluesky-publish';

type BlueskyDue = Extract<DueMetrics, { platform: 'bluesky' }>;

/** Bluesky: an app password or OAuth, records written to the account's PDS, counts read from the AppView. */
export const blueskyProvider: Provider = {
  platform: 'bluesky',
  capabilities: NETWORK_RULES.bluesky,
  attempt: attemptBluesky,
  /** 25 posts to a getPosts call, one call at a time: the AppView's rate limit is per IP, shared by every artist. */
  async readMetrics(deps, due, sink, { appViewUrl }) {
    const posts = due.filter((d): d is BlueskyDue => d.platform === 'bluesky');
    for (let i = 0; i < posts.length; i += METRICS_BATCH) {
      const batch = posts.slice(i, i + METRICS_BATCH);
      sink.called();
      try {
        const counts = await readPostCounts(
          appViewUrl,
          batch.map((d) => d.uri),
          deps.outbound.fetch,
        );
        await sink.store(batch.map((d) => ({ ...d, counts: counts.get(d.uri) ?? null })));
      } catch (err) {
        deps.log.warn({ err: String(err), posts: batch.length }, 'could not read post metrics from the AppView');
        await sink.postpone(batch.map((d) => d.id));
      }
    }
  },
};
