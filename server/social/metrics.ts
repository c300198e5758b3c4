import type { AppDeps } from '../context';
import { readPostCounts } from './appview';
import { claimDueMetrics, postponeMetrics, storeMetrics, type DueMetrics, type MetricsRead } from './metrics.repo';
import { METRICS_BATCH, METRICS_MAX_CALLS, nextMetricsRead } from './metrics-schedule';
import { META_METRICS_AT_ONCE, readMetaCounts, type MetaDue } from './providers/meta/meta-metrics';

export interface MetricsRound {
  /** Calls made: AppView getPosts calls (each with at most 25 URIs) and one Graph call per Instagram or Facebook post. */
  calls: number;
  /** Posts whose counts were read. */
  read: number;
  /** Posts whose call failed (tried again a few minutes later). */
  failed: number;
}

export interface MetricsOptions {
  /** The clock of the round (tests and the bench move it). */
  now?: Date;
  maxCalls?: number;
  leaseSeconds?: number;
  /** Where the AppView is; the setting BSKY_APPVIEW_URL otherwise. */
  appViewUrl?: string;
}

const RETRY_FAILED_MS = 5 * 60_000;

/**
 * One round of the metrics refresher: claims the posted deliveries (of every account and artist together) whose
 * counts are due, at most 25 × maxCalls of them, reads Bluesky's with batched getPosts calls and Instagram's and
 * Facebook's from the Graph API, and stores the counts with the time read and the next read by the schedule. A failed
 * call postpones its posts by 5 minutes.
 */
export async function refreshMetrics(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'log' | 'social'>,
  options: MetricsOptions = {},
): Promise<MetricsRound> {
  const { db } = deps;
  const now = options.now ?? new Date();
  const maxCalls = options.maxCalls ?? METRICS_MAX_CALLS;
  const due = await claimDueMetrics(db, now, maxCalls * METRICS_BATCH, options.leaseSeconds ?? 120);
  const round: MetricsRound = { calls: 0, read: 0, failed: 0 };
  const readAs = (d: DueMetrics, counts: MetricsRead['counts']): MetricsRead => {
    const next = nextMetricsRead(d.postedAt.getTime(), now.getTime());
    return { id: d.id, counts, next: next === null ? null : new Date(next) };
  };
  const store = async (reads: MetricsRead[]) => {
    await storeMetrics(db, now, reads);
    round.read += reads.filter((r) => r.counts).length;
  };
  const postpone = async (ids: string[]) => {
    round.failed += ids.length;
    await postponeMetrics(db, now, ids, RETRY_FAILED_MS);
  };

  // Nothing to read these with: they move on by the schedule, their last counts kept.
  await store(due.filter((d) => d.platform === 'unreadable').map((d) => readAs(d, null)));
  await readBluesky(deps, options.appViewUrl ?? deps.config.social.appViewUrl, due, { round, readAs, store, postpone });
  await readMeta(deps, due, { round, readAs, store, postpone });
  return round;
}

interface RoundParts {
  round: MetricsRound;
  readAs: (d: DueMetrics, counts: MetricsRead['counts']) => MetricsRead;
  store: (reads: MetricsRead[]) => Promise<void>;
  postpone: (ids: string[]) => Promise<void>;
}

/** Bluesky's posts, 25 to a getPosts call, one call at a time: the AppView's rate limit is per IP, shared by every artist. */
async function readBluesky(deps: Pick<AppDeps, 'outbound' | 'log'>, appViewUrl: string, due: DueMetrics[], r: RoundParts) {
  const posts = due.filter((d) => d.platform === 'bluesky');
  for (let i = 0; i < posts.length; i += METRICS_BATCH) {
    const batch = posts.slice(i, i + METRICS_BATCH);
    r.round.calls += 1;
    try {
      const counts = await readPostCounts(
        appViewUrl,
        batch.map((d) => d.uri),
        deps.outbound.fetch,
      );
      await r.store(batch.map((d) => r.readAs(d, counts.get(d.uri) ?? null)));
    } catch (err) {
      deps.log.warn({ err: String(err), posts: batch.length }, 'could not read post metrics from the AppView');
      await r.postpone(batch.map((d) => d.id));
    }
  }
}

/** Instagram's and Facebook's posts, one Graph call each on the account's own token, a few at a time. */
async function readMeta(deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'log' | 'social'>, due: DueMetrics[], r: RoundParts) {
  const queue = due.filter((d): d is MetaDue => d.platform === 'instagram' || d.platform === 'facebook');
  const reads: MetricsRead[] = [];
  const failed: string[] = [];
  const lane = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      r.round.calls += 1;
      try {
        reads.push(r.readAs(d, await readMetaCounts(deps, d)));
      } catch (err) {
        deps.log.warn({ err: String(err), deliveryId: d.id, platform: d.platform }, 'could not read post metrics from Meta');
        failed.push(d.id);
      }
    }
  };
  await Promise.all(Array.from({ length: META_METRICS_AT_ONCE }, lane));
  await r.store(reads);
  if (failed.length) await r.postpone(failed);
}
