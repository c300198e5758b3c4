/** "12 / 14 (86%)" */
export const coverageText = (c: { covered: number; total: number } | undefined) =>
  c ? `${c.covered} / ${c.total} (${c.total ? Math.round((c.covered / c.total) * 100) : 100}%)` : 'not tested';

export const NO_TEST_RUN = 'No test run recorded yet: run npm test';
