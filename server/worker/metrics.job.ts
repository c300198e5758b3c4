import type { AppDeps } from '../context';
import { refreshMetrics } from '../social/metrics';
import type { Job } from './job';

/** Reads the counts of recent posts that are due a read (server/social/metrics.ts), every `everyMs`. */
export const metricsJob = (deps: AppDeps, everyMs: number): Job => ({
  name: 'metrics round',
  every: everyMs,
  async run() {
    const round = await refreshMetrics(deps);
    if (round.calls) deps.log.info(round, 'post metrics read');
  },
});
