import type { AppDeps } from '../context';
import { claimDueMetrics, postponeMetrics, storeMetrics } from './metrics.repo';
import { METRICS_BATCH, METRICS_MAX_CALLS, nextMetricsRead } from './metrics-schedule';
import type { MetricsSink } from './providers/provider';
import { PROVIDERS } from './providers/registry';

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
 * counts are due, at most 25 × maxCalls of them, has each network's provider read its own (Bluesky's from the AppView
 * in batches, Instagram's and Facebook's from the Graph API), and stores the counts with the time read and the next
 * read by the schedule. A failed call postpones its posts by 5 minutes.
 */
export async function refreshMetrics(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'log' | 'social'>,
  options: MetricsOptions = {},
): Promise<MetricsRound> {
  const { db } = deps;
  const now = options.now ?? new Date();
  const due = await claimDueMetrics(db, now, (options.maxCalls ?? METRICS_MAX_CALLS) * METRICS_BATCH, options.leaseSeconds ?? 120);
  const round: MetricsRound = { calls: 0, read: 0, failed: 0 };
  const sink: MetricsSink = {
    async store(reads) {
      if (!reads.length) return;
      await storeMetrics(
        db,
        now,
        reads.map((r) => {
          const next = nextMetricsRead(r.postedAt.getTime(), now.getTime());
          return { id: r.id, counts: r.counts, next: next === null ? null : new Date(next) };
        }),
      );
      round.read += reads.filter((r) => r.counts).length;
    },
    async postpone(ids) {
      round.failed += ids.length;
      await postponeMetrics(db, now, ids, RETRY_FAILED_MS);
    },
    called: () => void (round.calls += 1),
  };
  // Nothing to read these with: they move on by the schedule, their last counts kept.
  await sink.store(due.filter((d) => d.platform === 'unreadable').map((d) => ({ ...d, counts: null })));
  const settings = { appViewUrl: options.appViewUrl ?? deps.config.social.appViewUrl };
  // Each provider picks its own posts out of the round's (none of its own: no call).
  for (const provider of Object.values(PROVIDERS)) await provider.readMetrics(deps, due, sink, settings);
  return round;
}
