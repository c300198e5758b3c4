import type { NetworkRules } from '../../../src/schemas/network-rules';
import type { Platform } from '../../../src/schemas/social-platform.schema';
import type { AppDeps } from '../../context';
import type { RetryPolicy } from '../../retry-policy';
import type { DeliveryRow } from '../delivery.repo';
import type { DueMetrics, PostCounts } from '../metrics.repo';

/** Where a provider puts the counts it read (the refresher stores them with the schedule's next read). */
export interface MetricsSink {
  /** What was read; null counts: the network did not give them (the last counts stay, the schedule goes on). */
  store(reads: Array<{ id: string; postedAt: Date; counts: PostCounts | null }>): Promise<void>;
  /** Calls that got no answer: these posts are read again in a few minutes. */
  postpone(ids: string[]): Promise<void>;
  /** One call made to the network. */
  called(): void;
}

/**
 * One network behind one shape. The core (posts, the schedule, deliveries and their leases, the worker) knows
 * networks only through this; each provider lives in server/social/providers/<network>/ with its connect flow
 * (Bluesky: app password or OAuth, oauth/; Instagram and Facebook: Meta's logins, meta/meta-connect.routes.ts).
 */
export interface Provider {
  platform: Platform;
  /** What a post may hold there (text length, media count and kinds, alt text, labels, threads, video, link cards). */
  capabilities: NetworkRules;
  /**
   * One attempt at a claimed delivery: prepare, submit, confirm, each step recorded before the next, so that a retry
   * after a lost answer or a crash resumes instead of repeating; the outcome recorded (posted, retry, failed with mail,
   * or waiting for the account to be reconnected).
   */
  attempt(deps: AppDeps, d: DeliveryRow, me: string, policy: RetryPolicy, attemptMs: number): Promise<void>;
  /** Reads the counts of its own posts among the round's due ones (every network's); none of its own makes no call. */
  readMetrics(
    deps: Pick<AppDeps, 'config' | 'outbound' | 'log' | 'social'>,
    due: DueMetrics[],
    sink: MetricsSink,
    settings: { appViewUrl: string },
  ): Promise<void>;
  /** Renews logins before they lapse (Instagram's 60-day token); run by the worker's upkeep. */
  refreshTokens?(deps: AppDeps): Promise<unknown>;
}
