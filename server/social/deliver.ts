import type { AppDeps } from '../context';
import type { RetryPolicy } from '../retry-policy';
import type { DeliveryRow } from './delivery.repo';
import { providerFor } from './providers/registry';

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 2000, maxDelayMs: 10 * 60_000, maxAttempts: 12, maxAuthAttempts: 3 };

/**
 * One attempt at a claimed delivery, by its network's provider (server/social/providers/<network>/): the post is
 * prepared, submitted and confirmed, each step recorded so that a retry resumes instead of repeating, and the outcome
 * recorded. The attempt has its own deadline: past it, every outbound call it makes is aborted and it ends as a passing
 * failure, so its slot is free again.
 */
export function attemptDelivery(
  deps: AppDeps,
  d: DeliveryRow,
  me: string,
  policy: RetryPolicy = DEFAULT_RETRY,
  attemptMs = deps.config.social.attemptMs,
): Promise<void> {
  return providerFor(d.platform).attempt(deps, d, me, policy, attemptMs);
}
