import path from 'node:path';
import type { Plugin } from 'vite';
import { NO_TEST_RUN, QA_META, readQaReport } from '../server/qa/qa-shared';

/**
 * `npm run dev` runs with QA mode on (QA_TOOLS=false turns it off): the dev server writes the same meta element into
 * the page as the server does, and answers /api/qa/report itself from the test run's file, before its proxy sends
 * /api on to a server that may run without QA_TOOLS.
 */
export function qaDevTools(): Plugin {
  const on = process.env.QA_TOOLS !== 'false' && process.env.QA_TOOLS !== '0';
  const reportFile = path.resolve(process.env.QA_REPORT_FILE ?? '.tmp/qa-report.json');
  return {
    name: 'qa-dev-tools',
    apply: 'serve',
    transformIndexHtml: (html) => (on ? html.replace('<head>', `<head>${QA_META}`) : html),
    configureServer(server) {
      if (!on) return;
      server.middlewares.use('/api/qa/report', (_req, res, next) => {
        readQaReport(reportFile).then((text) => {
          res.statusCode = text === null ? 404 : 200;
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.end(text ?? JSON.stringify({ message: NO_TEST_RUN }));
        }, next);
      });
    },
  };
}
