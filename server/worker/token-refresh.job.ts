import type { AppDeps } from '../context';
import { PROVIDERS } from '../social/providers/registry';
import type { Job } from './job';

/** Logins that lapse unless renewed (Instagram's 60-day token), by each network's provider. */
export const tokenRefreshJob = (deps: AppDeps, everyMs: number): Job => ({
  name: 'token refresh',
  every: everyMs,
  async run() {
    for (const provider of Object.values(PROVIDERS)) await provider.refreshTokens?.(deps);
  },
});
