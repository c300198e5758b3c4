import { format, formatDistanceToNowStrict } from 'date-fns';

/** "12 / 14 (86%)" */
export const coverageText = (c: { covered: number; total: number } | undefined) =>
  c ? `${c.covered} / ${c.total} (${c.total ? Math.round((c.covered / c.total) * 100) : 100}%)` : 'not tested';

/** "3 minutes ago (1 May 2025, 10:00)": when a test run wrote a machine's coverage. */
export const writtenText = (iso: string) => {
  const at = new Date(iso);
  return `${formatDistanceToNowStrict(at, { addSuffix: true })} (${format(at, 'd MMM yyyy, HH:mm')})`;
};

/** The one command that refreshes the coverage without a full test run (package.json). */
export const MODEL_TEST_COMMAND = 'npm run test:model';

export const NO_TEST_RUN = `No test run recorded yet: run ${MODEL_TEST_COMMAND}`;
