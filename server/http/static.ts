import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../context';

/**
 * Serves the built app: hashed assets cached for a year, index.html for every other page so the app's router
 * decides (its 404 page included).
 */
export function serveApp(app: Hono<AppEnv>, staticDir: string) {
  const indexFile = path.join(staticDir, 'index.html');
  const root = path.relative(process.cwd(), staticDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({ root, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
  );
  app.use('*', serveStatic({ root, onFound: (_p, c) => c.header('Cache-Control', 'no-cache') }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) return c.notFound();
    if (!fs.existsSync(indexFile)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
