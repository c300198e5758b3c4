import path from 'node:path';
import type { Plugin } from 'vite';
import { NO_TEST_RUN, readQaReport, testSourceAnswer } from '../server/qa/qa-shared';

/** QA mode for `npm run dev`: on unless QA_TOOLS=false (or 0). */
export const qaDevOn = () => process.env.QA_TOOLS !== 'false' && process.env.QA_TOOLS !== '0';

/**
 * The QA build's page: index.html with the QA entry (src/qa/main.tsx: the app framed by the studio) in place of the
 * app's src/main.tsx, so the app's own build never reaches the studio. Used by `vite build --mode qa` and, in QA mode,
 * by `npm run dev`.
 */
export function qaEntry(): Plugin {
  return {
    name: 'qa-entry',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const app = '<script type="module" src="/src/main.tsx"></script>';
        if (!html.includes(app)) throw new Error(`index.html has no ${app} to swap for the QA entry`);
        return html.replace(app, '<script type="module" src="/src/qa/main.tsx"></script>');
      },
    },
  };
}

/**
 * `npm run dev` in QA mode answers /api/qa/report (the test run's file) and /api/qa/source itself, before its proxy sends /api on to a
 * server that may run without QA_TOOLS.
 */
export function qaDevReport(): Plugin {
  const reportFile = path.resolve(process.env.QA_REPORT_FILE ?? '.tmp/qa-report.json');
  return {
    name: 'qa-dev-report',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/api/qa/source', (req, res, next) => {
        testSourceAnswer(new URL(req.url ?? '', 'http://dev').searchParams.get('file') ?? '').then(({ status, type, body }) => {
          res.statusCode = status;
          res.setHeader('Content-Type', type);
          res.end(body);
        }, next);
      });
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
