import type http from 'node:http';
import sharp from 'sharp';
import { httpServer } from './outbound';

/** A page with OpenGraph tags (and a <title> and description the tags win over), its image at /cover.png. */
export const ogPage = (origin: string, extra = '') => `<!doctype html>
<html><head>
<meta charset="utf-8">
<title>Plain title</title>
<!-- <meta property="og:title" content="In a comment"> -->
<script>document.write('<meta property="og:title" content="From a script">')</script>
<meta name="description" content="Plain description">
<meta property="og:title" content="Harbour at Dawn &amp; Dusk">
<meta content="Oil on linen, 2026 &#8212; new work" property='og:description'>
<meta property="og:image" content="${origin}/cover.png">
${extra}
</head><body><meta property="og:title" content="In the body"></body></html>`;

/** A large, noisy PNG (well over Bluesky's blob limit before it is recompressed). */
export async function bigPng(width = 3000, height = 2000) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

type Route = (req: http.IncomingMessage, res: http.ServerResponse, origin: string) => void;

/** A local web server answering each path with its route (404 otherwise); counts its requests per path. */
export async function linkSite(routes: Record<string, Route>, host = '127.0.0.1') {
  const hits: Record<string, number> = {};
  let origin = '';
  const server = await httpServer(host, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits[path] = (hits[path] ?? 0) + 1;
    const route = routes[path];
    if (route) route(req, res, origin);
    else res.writeHead(404).end('not here');
  });
  origin = `http://${host}:${server.port}`;
  return { origin, hits, server, close: server.close };
}

export const html = (body: string) => (_req: http.IncomingMessage, res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
