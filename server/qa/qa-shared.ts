import fs from 'node:fs/promises';

// What the server and the dev server (scripts/qa-dev-plugin.ts) both need for QA mode.

export const NO_TEST_RUN = 'No test run recorded yet: run npm test';

/**
 * The last model test run's report (coverage and paths per machine) as its JSON text, or null when no run wrote one.
 * Read at every request: the file changes under a running server each time the tests run. The dev server uses it too.
 */
export async function readQaReport(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
