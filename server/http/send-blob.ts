import type { Context } from 'hono';
import type { BlobStore, ByteRange } from '../storage/blob-store';
import { NotFound } from '../errors';
import { toWebStream } from './stream';

export interface BlobResponseOptions {
  /** A strong validator of exactly these bytes. */
  etag: string;
  cacheControl: string;
  /** Suggested file name for saving, when the bytes are the user's own file. */
  fileName?: string;
  headers?: Record<string, string>;
}

/**
 * `bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes. Null when the header should be ignored (not a
 * single byte range; RFC 9110 lets a server answer such requests in full), 'unsatisfiable' for 416.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) };
}

const matchesAny = (header: string, etag: string) =>
  header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

const contentDisposition = (fileName: string) =>
  `inline; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Answers a stored file with validators and byte ranges, as <img>, <video> and <audio> expect: ETag with
 * If-None-Match (304), Accept-Ranges with Range / If-Range (206, or 416 with the size), and the file's type. Media
 * the users uploaded is never run as a page (nosniff, sandbox).
 */
export async function sendBlob(c: Context, store: BlobStore, key: string, options: BlobResponseOptions): Promise<Response> {
  const headers: Record<string, string> = {
    ETag: options.etag,
    'Cache-Control': options.cacheControl,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    ...(options.fileName ? { 'Content-Disposition': contentDisposition(options.fileName) } : {}),
    ...options.headers,
  };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && matchesAny(ifNoneMatch, options.etag)) return c.body(null, 304, headers);
  if (c.req.method === 'HEAD') {
    // Headers only: no file is opened (Hono answers HEAD with the GET route and drops the body).
    const info = await store.stat(key);
    if (!info) throw new NotFound('File not found.');
    return c.body(null, 200, { ...headers, 'Content-Type': info.contentType, 'Content-Length': String(info.size) });
  }

  const rangeHeader = c.req.header('range');
  const ifRange = c.req.header('if-range');
  if (rangeHeader && (!ifRange || ifRange.trim() === options.etag)) {
    const info = await store.stat(key);
    if (!info) throw new NotFound('File not found.');
    const range = parseRange(rangeHeader, info.size);
    if (range === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${info.size}` });
    if (range) {
      const object = await store.read(key, range).catch((err) => {
        if (err instanceof RangeError) return 'unsatisfiable' as const;
        throw err;
      });
      if (object === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${info.size}` });
      if (!object) throw new NotFound('File not found.');
      return c.body(toWebStream(object.body), 206, {
        ...headers,
        'Content-Type': object.contentType,
        'Content-Length': String(range.end - range.start + 1),
        'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`,
      });
    }
  }
  const object = await store.read(key);
  if (!object) throw new NotFound('File not found.');
  return c.body(toWebStream(object.body), 200, { ...headers, 'Content-Type': object.contentType, 'Content-Length': String(object.size) });
}
