import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A small public web server for media on loopback: files by path, and a robots.txt the test sets (none: 404).
 * Records what each request was for and who asked, so a test sees what a crawler fetched.
 */
export async function startMediaHost() {
  const files = new Map<string, { type: string; body: Buffer }>();
  const requests: Array<{ path: string; userAgent: string }> = [];
  let robots: string | null = null;
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    requests.push({ path, userAgent: req.headers['user-agent'] ?? '' });
    if (path === '/robots.txt' && robots !== null) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(robots);
    const file = files.get(path);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    /** Serves `body` at `path`; answers its address. */
    put(path: string, body: Buffer, type = 'image/jpeg') {
      files.set(path, { type, body });
      return `${origin}${path}`;
    },
    setRobots(text: string | null) {
      robots = text;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A JPEG of this size: a gradient with a frame, so resizing has structure to keep. */
export function jpegOf(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect x="2" y="2" width="${width - 4}" height="${height - 4}" fill="none" stroke="#e76f51" stroke-width="4"/></svg>`;
  const img = sharp(Buffer.from(svg));
  return (format === 'png' ? img.png() : img.jpeg({ quality: 85 })).toBuffer();
}

/** The first bytes of an MP4 (an ftyp box), enough for a crawler that checks the container. */
export const mp4Head = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);
