import { sweepStaleClaims } from '../auth/claims.repo';
import type { AppDeps } from '../context';
import { releaseStaleDomainClaims } from '../domains/domain.repo';
import type { Job } from './job';

/** Sign-ups never verified and custom domains never checked, past their week: their names are free again. */
export const claimsSweepJob = (deps: Pick<AppDeps, 'db' | 'log'>, everyMs: number): Job => ({
  name: 'claims sweep',
  every: everyMs,
  async run() {
    const swept = await sweepStaleClaims(deps.db);
    if (swept) deps.log.info({ swept }, 'unverified sign-ups past their week removed');
    const released = await releaseStaleDomainClaims(deps.db);
    if (released) deps.log.info({ released }, 'unverified custom domains unchecked for a week released');
  },
});
