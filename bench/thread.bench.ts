import type { Pds } from '../test/support/pds';
import { autoBreaks } from '../src/schemas/post-thread';
import { onBothDatabases, publishAllAtOnce } from './scheduled-posts';
import { percentile, type BudgetResult, type Suite } from './support';

const POSTS = 100;
const PARTS = 4;
const LAG_BUDGET_MS = 3000;

/** A text of four posts' length (about 1000 characters), numbered so that every part of every thread is unique. */
const threadText = (n: number) =>
  Array.from({ length: 120 }, (_, i) => `t${String(n).padStart(3, '0')}w${i}${i % 10 === 9 ? '.' : ''}`).join(' ');

async function measure(pds: Pds, label: string, env: Record<string, string>): Promise<BudgetResult> {
  const drafts = Array.from({ length: POSTS }, (_, i) => {
    const content = threadText(i + 1);
    const threadBreaks = autoBreaks(content);
    if (threadBreaks.length !== PARTS - 1) throw new Error(`a thread of ${threadBreaks.length + 1} parts, not ${PARTS}`);
    return { content, threadBreaks };
  });
  // A response is posted once the thread's last part is written.
  const { lags, records } = await publishAllAtOnce(pds, env, drafts);
  const duplicates = records.length - new Set(records.map((r) => r.value.text)).size;
  const expected = POSTS * PARTS;
  const replies = records.filter((r) => (r.value as { reply?: unknown }).reply).length;
  const p95 = percentile(lags, 95);
  const pass = p95 <= LAG_BUDGET_MS && duplicates === 0 && records.length === expected && replies === POSTS * (PARTS - 1);
  return {
    name: `Thread lag, ${POSTS} threads of ${PARTS} parts due at the same moment (${label})`,
    budget: `p95 <= ${LAG_BUDGET_MS / 1000} s to the last part, 0 duplicates`,
    measured:
      `p95 ${(p95 / 1000).toFixed(2)} s (median ${(percentile(lags, 50) / 1000).toFixed(2)} s, first ${(Math.min(...lags) / 1000).toFixed(2)} s, ` +
      `last ${(Math.max(...lags) / 1000).toFixed(2)} s); ${records.length} of ${expected} records on the PDS (${replies} replies), ${duplicates} duplicates`,
    pass,
    method:
      `One server process started as npm start does, with the local PDS (@atproto/dev-env) in the bench process; ${POSTS} threads of one ` +
      `artist (about 1000 characters each, split into ${PARTS} parts at word starts) saved through the API, all scheduled for the same ` +
      'moment a few seconds ahead; lag = datePosted - dateScheduled of each response (set once the last part is written); records, ' +
      'replies and duplicates counted from listRecords on the PDS.',
  };
}

/** Threads' budget: threads due at one moment go out promptly, every part once, on either database. */
export const threadSuite: Suite = {
  title: 'Social: thread lag',
  run: () => onBothDatabases(measure),
};
