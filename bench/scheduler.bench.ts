import type { Pds } from '../test/support/pds';
import { onBothDatabases, publishAllAtOnce } from './scheduled-posts';
import { percentile, type BudgetResult, type Suite } from './support';

const POSTS = 100;
const LAG_BUDGET_MS = 2000;

async function measure(pds: Pds, label: string, env: Record<string, string>): Promise<BudgetResult> {
  const texts = Array.from({ length: POSTS }, (_, i) => `Scheduled ${i + 1} of ${POSTS} #bench`);
  const { lags, records } = await publishAllAtOnce(
    pds,
    env,
    texts.map((content) => ({ content })),
  );
  const duplicates = records.length - new Set(records.map((r) => r.value.text)).size;
  const missing = texts.filter((t) => !records.some((r) => r.value.text === t)).length;
  const p95 = percentile(lags, 95);
  const pass = p95 < LAG_BUDGET_MS && duplicates === 0 && missing === 0 && records.length === POSTS;
  return {
    name: `Scheduler lag, ${POSTS} posts due at the same moment (${label})`,
    budget: `p95 < ${LAG_BUDGET_MS / 1000} s, 0 duplicates`,
    measured:
      `p95 ${(p95 / 1000).toFixed(2)} s (median ${(percentile(lags, 50) / 1000).toFixed(2)} s, first ${(Math.min(...lags) / 1000).toFixed(2)} s, ` +
      `last ${(Math.max(...lags) / 1000).toFixed(2)} s); ${records.length} records on the PDS, ${duplicates} duplicates, ${missing} missing`,
    pass,
    method:
      `One server process started as npm start does, with the local PDS (@atproto/dev-env) in the bench process; ${POSTS} drafts of one artist ` +
      'saved through the API, all scheduled for the same moment a few seconds ahead; lag = datePosted - dateScheduled of each response; ' +
      'duplicates counted from listRecords on the PDS.',
  };
}

/** The scheduler's budget: posts due at one moment go out promptly and once, on either database. */
export const schedulerSuite: Suite = {
  title: 'Social: scheduler lag',
  run: () => onBothDatabases(measure),
};
