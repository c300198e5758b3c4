/** How background work that failed for a passing reason is tried again: deliveries of posts, and mail. */
export interface RetryPolicy {
  /** First retry after about this long; each further one waits twice as long (with jitter), up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts before a delivery that keeps failing for a passing reason is given up. */
  maxAttempts: number;
  /** A session Bluesky no longer accepts is resumed or signed in again this many times before giving up. */
  maxAuthAttempts: number;
}

/** Exponential backoff with +-25% jitter, so retries of many deliveries spread out. */
export const backoffMs = (policy: RetryPolicy, attempts: number) =>
  Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1)) * (0.75 + Math.random() * 0.5);
