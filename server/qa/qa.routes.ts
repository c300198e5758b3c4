import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { NO_TEST_RUN, readQaReport, testSourceAnswer } from './qa-shared';

/** The QA studio's API, mounted only with QA_TOOLS=true (otherwise /api/qa/* is the API's plain 404). */
export function qaRoutes(deps: Pick<AppDeps, 'config'>) {
  const qa = new Hono<AppEnv>();
  qa.get('/qa/report', async (c) => {
    const text = await readQaReport(deps.config.qa.reportFile);
    if (text === null) return c.json({ message: NO_TEST_RUN }, 404);
    return c.body(text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  // A test file's source: a recorded test path links to the test that walked it.
  qa.get('/qa/source', async (c) => {
    const { status, type, body } = await testSourceAnswer(c.req.query('file') ?? '');
    return c.body(body, status, { 'Content-Type': type });
  });
  return qa;
}
