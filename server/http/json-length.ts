import type { MiddlewareHandler } from 'hono';

/**
 * Gives JSON answers their Content-Length, so on-the-fly compression can leave small ones alone (compressing a
 * 200-byte answer costs more than it saves). JSON answers are built in memory already; this only measures them.
 */
export const measureJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (!res.body || res.headers.has('Content-Length') || !res.headers.get('Content-Type')?.startsWith('application/json')) return;
  const bytes = await res.arrayBuffer();
  c.res = new Response(bytes, res);
  c.res.headers.set('Content-Length', String(bytes.byteLength));
};
