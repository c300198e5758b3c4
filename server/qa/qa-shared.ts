import fs from 'node:fs/promises';
import path from 'node:path';

// What the server and the dev server (scripts/qa-dev-plugin.ts) both need for QA mode.

export const NO_TEST_RUN = 'No test run recorded yet: run npm run test:model';

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

/** A test file the studio may show (a recorded path links to it): a .ts or .tsx file under test/, named plainly. */
export const TEST_FILE = /^test\/(?:[\w-]+\/)*[\w.-]+\.tsx?$/;
export const NOT_A_TEST_FILE = 'file must name a test file of the project: test/<folder>/<name>.ts or .tsx';
export const NO_SUCH_TEST_FILE = 'There is no such test file.';

/**
 * The text of a test file of the project the server runs from (its working directory), for the studio's source view;
 * null when `file` is not a test file there. Only TEST_FILE names are read, and only when the file, links followed,
 * lies inside test/.
 */
export async function readTestSource(file: string, root = process.cwd()): Promise<string | null> {
  if (!TEST_FILE.test(file) || file.split('/').includes('..')) return null;
  try {
    const testDir = await fs.realpath(path.join(root, 'test'));
    const real = await fs.realpath(path.join(root, file));
    if (!real.startsWith(`${testDir}${path.sep}`)) return null;
    return await fs.readFile(real, 'utf8');
  } catch (err) {
    if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
    throw err;
  }
}

/** The answer to GET /api/qa/source?file=…, for the server and the dev server alike. */
export async function testSourceAnswer(file: string): Promise<{ status: 200 | 400 | 404; type: string; body: string }> {
  const json = 'application/json; charset=utf-8';
  if (!TEST_FILE.test(file))
    return { status: 400, type: json, body: JSON.stringify({ message: NOT_A_TEST_FILE, fieldErrors: { file: [NOT_A_TEST_FILE] } }) };
  const text = await readTestSource(file);
  if (text === null) return { status: 404, type: json, body: JSON.stringify({ message: NO_SUCH_TEST_FILE }) };
  return { status: 200, type: 'text/plain; charset=utf-8', body: text };
}
