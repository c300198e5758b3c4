import { forgetOldWindows } from '../auth/rate-limit.repo';
import type { AppDeps } from '../context';
import type { Job } from './job';

/** Rate-limit windows long over (a day old) are forgotten, so the table holds only what can still limit. */
export const limitWindowsJob = (deps: Pick<AppDeps, 'db'>, everyMs: number): Job => ({
  name: 'limit windows',
  every: everyMs,
  run: () => forgetOldWindows(deps.db),
});
