import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { sendBlob } from '../http/send-blob';

const GONE = 'This media link has expired.';
const NOT_FOUND = 'Not found.';

/**
 * GET (and HEAD) /m/<token>: a post's file for Meta's servers, which fetch `image_url`, `video_url` and a Page photo's
 * `url` themselves, with no token, after reading robots.txt. Nothing else is served under /m/ (no listing); the bytes
 * are not for search engines (X-Robots-Tag) and are cached no longer than the link lives.
 */
export function postMediaLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/m/:token', async (c) => {
    const target = deps.mediaLinks.open(c.req.param('token'));
    if (target === 'expired') return c.text(GONE, 410, { 'Cache-Control': 'no-store' });
    if (!target) return c.text(NOT_FOUND, 404, { 'Cache-Control': 'no-store' });
    if (!(await deps.storage.stat(target.key))) return c.text(NOT_FOUND, 404, { 'Cache-Control': 'no-store' });
    return sendBlob(c, deps.storage, target.key, {
      etag: `"${c.req.param('token').slice(-16)}"`,
      cacheControl: 'public, max-age=300',
      headers: { 'X-Robots-Tag': 'noindex, nofollow' },
    });
  });
  app.all('/m', (c) => c.text(NOT_FOUND, 404));
  app.all('/m/*', (c) => c.text(NOT_FOUND, 404));
  return app;
}
