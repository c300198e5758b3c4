import zlib from 'node:zlib';

/** A rendered page with its compressed forms, made once when it is rendered (not for every visitor). */
export interface EncodedPage {
  body: string;
  type: string;
  br: Buffer;
  gzip: Buffer;
  /** What it weighs in the cache. */
  size: number;
}

export function encodePage(body: string, type: string): EncodedPage {
  // Brotli at quality 5 is as fast as gzip -9 here (under 2 ms for a 200-work collection) and a third smaller.
  const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  const gzip = zlib.gzipSync(body, { level: 9 });
  return { body, type, br, gzip, size: body.length + br.length + gzip.length };
}

/** The encoding to answer with for an Accept-Encoding header: br, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name.trim()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
}
