import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/schemas/upload.schema';
import { Gone, NotFound, TooLarge, Unauthenticated } from '../../server/errors';
import { HttpError, toHttpError } from '../../server/http/errors';
import {
  type BlobStore,
  LocalBlobStore,
  S3BlobStore,
  SNIFF_BYTES,
  contentMatchesType,
  createBlobStore,
  signUploadToken,
  verifyUploadToken,
} from '../../server/storage';

// ---------------------------------------------------------------------------------------------------------------
// Byte helpers and minimal headers of every accepted type

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const zeros = (n: number) => Buffer.alloc(n);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Signature plus an IHDR chunk: file-type reads the first chunk, the 8-byte signature alone is not enough. */
const png = () => bytes(PNG_SIGNATURE, u32be(13), 'IHDR', u32be(1), u32be(1), [8, 6, 0, 0, 0], zeros(4));
const riff = (form: string, firstChunk: string) => bytes('RIFF', u32le(4 + 8 + 16), form, firstChunk, u32le(16), zeros(16));
const ftyp = (major: string, compatible: string) => bytes(u32be(16 + compatible.length), 'ftyp', major, u32be(0x200), compatible);

const SAMPLES = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]),
  png: png(),
  gif: bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]),
  webp: riff('WEBP', 'VP8 '),
  avif: ftyp('avif', 'avifmif1miaf'),
  svg: bytes(
    [0xef, 0xbb, 0xbf], // UTF-8 BOM
    '  <?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n',
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  ),
  mp3Id3: bytes('ID3', [3, 0, 0], [0, 0, 0, 10], zeros(10), [0xff, 0xfb, 0x90, 0x64], zeros(200)),
  mp3Frames: bytes([0xff, 0xfb, 0x90, 0x64], zeros(200)),
  wav: riff('WAVE', 'fmt '),
  // Page header (27 bytes) + one-entry segment table, then the Vorbis identification packet.
  ogg: bytes('OggS', [0, 2], zeros(8), u32le(1), u32le(0), u32le(0), [1, 30], '\x01vorbis', zeros(23)),
  flac: bytes('fLaC', [0x80, 0, 0, 34], zeros(34)),
  aac: bytes([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc], zeros(64)),
  mp4: ftyp('isom', 'isomiso2avc1mp41'),
  // EBML header with DocType "webm" (file-type reads the DocType element, the magic alone is not enough).
  webm: bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f],
    [0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8],
    [0x42, 0x82, 0x84],
    'webm',
    [0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2],
    [0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0, 0],
  ),
  mov: ftyp('qt  ', 'qt  '),
  avi: riff('AVI ', 'LIST'),
  pdf: bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
} satisfies Record<string, Buffer>;

// ---------------------------------------------------------------------------------------------------------------
// sniff.ts

describe('contentMatchesType', () => {
  const accepted: [string, keyof typeof SAMPLES][] = [
    ['image/jpeg', 'jpeg'],
    ['image/jpg', 'jpeg'],
    ['image/png', 'png'],
    ['image/gif', 'gif'],
    ['image/webp', 'webp'],
    ['image/avif', 'avif'],
    ['image/svg+xml', 'svg'],
    ['audio/mpeg', 'mp3Id3'],
    ['audio/mpeg', 'mp3Frames'],
    ['audio/mp3', 'mp3Frames'],
    ['audio/wav', 'wav'],
    ['audio/x-wav', 'wav'],
    ['audio/wave', 'wav'],
    ['audio/ogg', 'ogg'],
    ['audio/flac', 'flac'],
    ['audio/x-flac', 'flac'],
    ['audio/aac', 'aac'],
    ['audio/x-aac', 'aac'],
    ['video/mp4', 'mp4'],
    ['video/webm', 'webm'],
    ['video/quicktime', 'mov'],
    ['video/x-msvideo', 'avi'],
    ['video/avi', 'avi'],
    ['video/vnd.avi', 'avi'],
    ['application/pdf', 'pdf'],
  ];
  it.each(accepted)('accepts %s for a %s header', async (type, sample) => {
    expect(await contentMatchesType(SAMPLES[sample], type)).toBe(true);
  });

  it('ignores parameters and case in the declared type', async () => {
    expect(await contentMatchesType(SAMPLES.png, 'Image/PNG; charset=binary')).toBe(true);
  });

  it('accepts the head of a longer file and a plain <svg> without prolog', async () => {
    expect(await contentMatchesType(Buffer.concat([SAMPLES.png, zeros(10_000)]).subarray(0, SNIFF_BYTES), 'image/png')).toBe(true);
    expect(await contentMatchesType(bytes('<svg viewBox="0 0 1 1"></svg>'), 'image/svg+xml')).toBe(true);
    expect(await contentMatchesType(bytes('\n\t<svg>'), 'image/svg+xml')).toBe(true);
  });

  const rejected: [string, keyof typeof SAMPLES | 'html' | 'text' | 'empty' | 'svgLater', string][] = [
    ['image', 'png', 'image/jpeg'],
    ['image', 'gif', 'image/webp'],
    ['image', 'mp4', 'image/avif'],
    ['svg', 'html', 'image/svg+xml'],
    ['svg', 'svgLater', 'image/svg+xml'],
    ['svg', 'png', 'image/svg+xml'],
    ['audio', 'wav', 'audio/mpeg'],
    ['audio', 'mp3Frames', 'audio/aac'],
    ['audio', 'flac', 'audio/ogg'],
    ['video', 'webm', 'video/mp4'],
    ['video', 'mov', 'video/mp4'],
    ['video', 'wav', 'video/x-msvideo'],
    ['document', 'png', 'application/pdf'],
    ['document', 'text', 'application/pdf'],
    ['unknown type', 'text', 'text/plain'],
    ['unknown type', 'pdf', 'application/octet-stream'],
    ['unknown type', 'png', 'constructor'],
    ['empty', 'empty', 'image/png'],
  ];
  const extra = {
    html: bytes('<!DOCTYPE html><html><body><svg></svg></body></html>'),
    svgLater: bytes('hello <svg>'),
    text: bytes('just some text, nothing to see here'),
    empty: Buffer.alloc(0),
  };
  it.each(rejected)('rejects a mismatch (%s): %s declared %s', async (_family, sample, type) => {
    const head = sample in extra ? extra[sample as keyof typeof extra] : SAMPLES[sample as keyof typeof SAMPLES];
    expect(await contentMatchesType(head, type)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// upload-token.ts

describe('upload tokens', () => {
  const secret = 'test-secret-test-secret-test-secret';
  const claims = { key: 'uploads/a/b', contentType: 'image/png', maxBytes: 1000, exp: Math.floor(Date.now() / 1000) + 60 };

  it('round-trips the claims and is URL-safe', () => {
    const token = signUploadToken(claims, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyUploadToken(token, secret)).toEqual(claims);
  });

  it('rejects tampered and foreign tokens with 401, and a genuine expired one with 410', () => {
    const token = signUploadToken(claims, secret);
    const [payload, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'avatars/x/y', t: 'image/png', m: 1e12, e: claims.exp })).toString('base64url');
    const expired = signUploadToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, secret);
    expect(() => verifyUploadToken(expired, secret)).toThrow(Gone);
    expect(() => verifyUploadToken(expired, secret)).toThrow('This upload link has expired. Ask for a new one.');
    const bad = [
      `${forged}.${sig}`,
      `${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      `${payload}.${sig}x`,
      signUploadToken(claims, 'another-secret-another-secret-xx'),
      '',
      'no-dot',
      `${payload}.${sig}.extra`,
    ];
    for (const t of bad) {
      const err = (() => {
        try {
          verifyUploadToken(t, secret);
        } catch (e) {
          return e;
        }
      })();
      expect(err, t).toBeInstanceOf(Unauthenticated);
      expect((toHttpError(err) as HttpError).status).toBe(401);
      expect((err as Error).message).toBe('This upload link is invalid or has expired.');
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Harnesses: a local store behind a real HTTP server, and an S3 store against s3rver

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverCtor = new (options: Record<string, unknown>) => S3rverInstance;
// s3rver ships no type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;

const SECRET = 'storage-test-secret-storage-test-secret';

interface Harness {
  store: BlobStore;
  apiUrl: string;
  dir: string;
  close(): Promise<void>;
}

async function listen(app: Hono): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            (server as http.Server).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

async function localHarness(): Promise<Harness & { store: LocalBlobStore }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'blob-local-'));
  const store = createBlobStore({ kind: 'local', dir }, SECRET) as LocalBlobStore;
  const app = new Hono();
  // What server/uploads routes do: the one onError maps a domain failure (or an HttpError) to its status.
  app.put('/api/uploads/local/:token', async (c) => {
    try {
      const received = await store.receive(
        c.req.param('token'),
        c.req.header('content-type'),
        c.req.header('content-length'),
        c.req.raw.body,
      );
      return c.json(received, 200);
    } catch (thrown) {
      const err = toHttpError(thrown);
      if (err instanceof HttpError) return c.json(err.body, err.status, err.extra.headers);
      throw err;
    }
  });
  const server = await listen(app);
  return {
    store,
    dir,
    apiUrl: `http://127.0.0.1:${server.port}/api`,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function s3Harness(): Promise<Harness & { store: S3BlobStore }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'blob-s3rver-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'test-bucket', configs: [] }],
  });
  const { port } = await s3rver.run();
  const store = createBlobStore(
    {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'test-bucket',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    SECRET,
  ) as S3BlobStore;
  return {
    store,
    dir,
    apiUrl: 'http://127.0.0.1:1/api', // unused: the browser PUTs straight to the bucket
    close: async () => {
      store.client.destroy();
      await s3rver.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const collect = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** Every regular file under dir, relative. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

const uploadRequest = (key: string, contentType: string, declaredBytes: number, apiUrl: string, maxBytes = MAX_FILE_BYTES) => ({
  key,
  contentType,
  declaredBytes,
  maxBytes,
  expiresInSeconds: 300,
  apiUrl,
});

/** A file of n bytes that starts like a PNG. */
const pngOfSize = (n: number) => {
  const file = Buffer.alloc(n, 0x2a);
  png().copy(file);
  return file;
};

// ---------------------------------------------------------------------------------------------------------------
// The shared suite: both implementations behave the same

describe.each([
  ['local', localHarness],
  ['s3', s3Harness],
] as const)('%s BlobStore', (kind, makeHarness) => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('has its kind', () => {
    expect(h.store.kind).toBe(kind);
  });

  it('puts, stats, reads heads, reads ranges and deletes', async () => {
    const key = 'files/one/hello';
    const content = Buffer.from('hello world, this is a small file');
    await h.store.put(key, content, 'text/plain');

    expect(await h.store.stat(key)).toEqual({ size: content.length, contentType: 'text/plain' });
    expect((await h.store.readHead(key, 5)).toString()).toBe('hello');
    expect(await h.store.readHead(key, 10_000)).toEqual(content);

    const whole = await h.store.read(key);
    expect(whole).not.toBeNull();
    expect(whole!.size).toBe(content.length);
    expect(whole!.contentType).toBe('text/plain');
    expect(await collect(whole!.body)).toEqual(content);

    const part = await h.store.read(key, { start: 6, end: 10 });
    expect(part!.size).toBe(content.length); // the whole object's size
    expect((await collect(part!.body)).toString()).toBe('world');

    const tail = await h.store.read(key, { start: content.length - 4, end: 1_000 }); // an end past the file is cut
    expect((await collect(tail!.body)).toString()).toBe('file');
    await expect(h.store.read(key, { start: 1_000, end: 2_000 })).rejects.toBeInstanceOf(RangeError);

    // Overwriting replaces bytes and type.
    await h.store.put(key, SAMPLES.png, 'image/png');
    expect(await h.store.stat(key)).toEqual({ size: SAMPLES.png.length, contentType: 'image/png' });

    await h.store.delete(key);
    expect(await h.store.stat(key)).toBeNull();
    expect(await h.store.read(key)).toBeNull();
    await expect(h.store.readHead(key, 10)).rejects.toBeInstanceOf(NotFound);
    await h.store.delete(key); // deleting a missing file is fine
  });

  it('copies and moves files with their type', async () => {
    const content = Buffer.from('bytes to keep');
    await h.store.put('files/copy/source', content, 'image/png');
    await h.store.copy('files/copy/source', 'files/copy/target/deeper');
    expect(await h.store.stat('files/copy/target/deeper')).toEqual({ size: content.length, contentType: 'image/png' });
    expect(await collect((await h.store.read('files/copy/target/deeper'))!.body)).toEqual(content);
    expect(await h.store.stat('files/copy/source')).not.toBeNull();

    await h.store.move('files/copy/source', 'files/moved/here');
    expect(await h.store.stat('files/copy/source')).toBeNull();
    expect(await h.store.stat('files/moved/here')).toEqual({ size: content.length, contentType: 'image/png' });
    await expect(h.store.copy('files/never/there', 'files/copy/x')).rejects.toBeInstanceOf(NotFound);
    await expect(h.store.move('files/never/there', 'files/copy/x')).rejects.toBeInstanceOf(NotFound);
    expect(await h.store.stat('files/copy/x')).toBeNull();
    await Promise.all(['files/copy/target/deeper', 'files/moved/here'].map((k) => h.store.delete(k)));
  });

  it('deletes a folder with everything under it, and nothing beside it', async () => {
    const keys = ['gone/u1/a/original', 'gone/u1/a/sm', 'gone/u1/b/c/original'];
    for (const key of keys) await h.store.put(key, Buffer.from(key), 'text/plain');
    await h.store.put('gone/u10/kept', Buffer.from('a neighbour whose name starts alike'), 'text/plain');
    await h.store.deleteFolder('gone/u1');
    for (const key of keys) expect(await h.store.stat(key)).toBeNull();
    expect(await h.store.stat('gone/u10/kept')).toEqual({ size: 35, contentType: 'text/plain' });
    await h.store.deleteFolder('gone/u1'); // an empty or missing folder is fine
    await h.store.delete('gone/u10/kept');
  });

  it('lists the files under a prefix with when they were written, sidecars and other prefixes left out', async () => {
    const before = Date.now() - 1000;
    const keys = ['list/a/one', 'list/a/two/deeper', 'list/b/three'];
    for (const key of keys) await h.store.put(key, Buffer.from(key), 'text/plain');
    await h.store.put('listed-not/x', Buffer.from('x'), 'text/plain');
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const file of h.store.list('list/')) listed.push(file);
    expect(listed.map((f) => f.key).sort()).toEqual(keys);
    for (const f of listed) expect(f.modifiedAt.getTime()).toBeGreaterThan(before);
    const none: unknown[] = [];
    for await (const file of h.store.list('never/')) none.push(file);
    expect(none).toEqual([]);
    await Promise.all([...keys, 'listed-not/x'].map((k) => h.store.delete(k)));
  });

  it('answers null for files that never existed', async () => {
    expect(await h.store.stat('files/never/there')).toBeNull();
    expect(await h.store.read('files/never/there')).toBeNull();
  });

  it('accepts a real PUT to its upload URL', async () => {
    const key = `uploads/user/${crypto.randomUUID()}`;
    const file = pngOfSize(SNIFF_BYTES * 3 + 17);
    const target = await h.store.createUploadTarget(uploadRequest(key, 'image/png', file.length, h.apiUrl));
    expect(target.method).toBe('PUT');
    expect(target.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(target.expiresAt.getTime()).toBeGreaterThan(Date.now() + 290_000);
    if (kind === 's3') {
      // Type and exact length are part of the signature (s3rver does not check V4 signatures, real S3 does).
      const signed = new URL(target.url).searchParams.get('X-Amz-SignedHeaders')?.split(';');
      expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    } else {
      expect(target.url.startsWith(`${h.apiUrl}/uploads/local/`)).toBe(true);
    }

    const res = await fetch(target.url, { method: target.method, headers: target.headers, body: file });
    expect(res.status, await res.text()).toBe(200);

    expect(await h.store.stat(key)).toEqual({ size: file.length, contentType: 'image/png' });
    const head = await h.store.readHead(key, SNIFF_BYTES);
    expect(head).toEqual(file.subarray(0, SNIFF_BYTES));
    expect(await contentMatchesType(head, 'image/png')).toBe(true);
    await h.store.delete(key);
  });

  it('refuses to sign a URL for more than the maximum', async () => {
    await expect(
      h.store.createUploadTarget(uploadRequest('uploads/user/big', 'image/png', MAX_FILE_BYTES + 1, h.apiUrl)),
    ).rejects.toBeInstanceOf(TooLarge);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Local store only: what receive() refuses, and that nothing is left behind

describe('LocalBlobStore uploads', () => {
  let h: Harness & { store: LocalBlobStore };
  beforeAll(async () => {
    h = await localHarness();
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await rm(h.dir, { recursive: true, force: true });
    await mkdir(h.dir, { recursive: true });
  });

  const target = (contentType: string, declaredBytes: number, maxBytes = MAX_FILE_BYTES, key = `uploads/user/${crypto.randomUUID()}`) =>
    h.store.createUploadTarget(uploadRequest(key, contentType, declaredBytes, h.apiUrl, maxBytes)).then((t) => ({ ...t, key }));

  // Each upload on its own connection: a refused upload closes its connection, and a kept-alive one the server
  // times out while the next request is on its way would fail that request with "other side closed".
  const oneConnectionEach = new Agent({ pipelining: 0 });
  afterAll(() => oneConnectionEach.close());
  const put = (url: string, contentType: string | undefined, body: BodyInit | null) =>
    fetch(url, {
      method: 'PUT',
      headers: contentType ? { 'Content-Type': contentType } : {},
      body,
      duplex: 'half',
      dispatcher: oneConnectionEach,
    } as RequestInit);

  /**
   * A body without Content-Length: chunks of `chunk` bytes (the first starts with `first`, the others are zeros from
   * one shared buffer, so the client side allocates next to nothing) until `total`. `onPull` sees the bytes sent so far.
   */
  const streamBody = (total: number, chunk = 64 * 1024, first: Buffer = png(), onPull?: (sent: number) => void) => {
    const shared = Buffer.alloc(chunk);
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        onPull?.(sent);
        if (sent >= total) return controller.close();
        const n = Math.min(chunk, total - sent);
        const buf = sent === 0 ? Buffer.concat([first, Buffer.alloc(Math.max(0, n - first.length))]).subarray(0, n) : shared.subarray(0, n);
        sent += n;
        controller.enqueue(buf);
      },
    });
  };

  // An upload the client gave up on is cleaned up by the server after the client has moved on (its handler sees the
  // broken stream later): nothing may be left once that has run, so a short wait is allowed, a lasting file fails.
  const expectNothingLeft = async () => {
    const deadline = Date.now() + 3000;
    while ((await listFiles(h.dir)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await listFiles(h.dir)).toEqual([]);
  };

  it('stores a streamed upload, a file shorter than the sniff window, and ignores type parameters', async () => {
    const streamed = await target('image/png', 300_000);
    const res = await put(streamed.url, 'image/png', streamBody(300_000, 10_000));
    expect(res.status, await res.text()).toBe(200);
    expect(await h.store.stat(streamed.key)).toEqual({ size: 300_000, contentType: 'image/png' });

    const small = await target('image/png', SAMPLES.png.length);
    const res2 = await put(small.url, 'image/png; charset=binary', SAMPLES.png);
    expect(await res2.json()).toEqual({ key: small.key, size: SAMPLES.png.length });
    expect(await h.store.stat(small.key)).toEqual({ size: SAMPLES.png.length, contentType: 'image/png' });

    // Only the two files and their sidecars.
    expect(await listFiles(h.dir)).toEqual([streamed.key, `${streamed.key}.meta.json`, small.key, `${small.key}.meta.json`].sort());
  });

  it('415 when the Content-Type differs from the link', async () => {
    const t = await target('image/png', SAMPLES.png.length);
    for (const type of ['image/jpeg', undefined]) {
      const res = await put(t.url, type, SAMPLES.png);
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: 'The file type does not match the upload link.' });
    }
    await expectNothingLeft();
  });

  it('413 at once when Content-Length is over the maximum, before the body arrives', async () => {
    const t = await target('image/png', MAX_FILE_BYTES);
    const url = new URL(t.url);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'PUT',
          headers: { 'Content-Type': 'image/png', 'Content-Length': String(MAX_FILE_BYTES + 1) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            resolve({ status: res.statusCode!, body: text });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.write(png()); // only a few bytes of the announced 20 MB are ever sent
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: 'File exceeds the maximum size of 20MB' });
    await expectNothingLeft();
  });

  it('413 for a body without Content-Length that passes the maximum while streaming', async () => {
    const t = await target('image/png', MAX_FILE_BYTES);
    const res = await put(t.url, 'image/png', streamBody(MAX_FILE_BYTES + 1, 256 * 1024));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'File exceeds the maximum size of 20MB' });
    await expectNothingLeft();
  });

  it('413 for a streamed body one byte over its declared size', async () => {
    const t = await target('image/png', 100_000);
    const res = await put(t.url, 'image/png', streamBody(100_001, 7_000));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'File exceeds the maximum size of 100000 bytes' });
    await expectNothingLeft();
    const ok = await target('image/png', 100_000);
    expect((await put(ok.url, 'image/png', streamBody(100_000, 7_000))).status).toBe(200);
  });

  it('415 when the bytes do not match the declared type', async () => {
    const asJpeg = await target('image/jpeg', 50_000);
    const res = await put(asJpeg.url, 'image/jpeg', pngOfSize(50_000));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: 'The file content does not match its type.' });
    await expectNothingLeft();

    const noise = Buffer.concat([Buffer.from('not a png: '), randomBytes(50_000)]);
    const random = await target('image/png', noise.length);
    expect((await put(random.url, 'image/png', noise)).status).toBe(415);
    await expectNothingLeft();

    // The same as a stream without Content-Length, and a short file checked only at its end.
    const streamed = await target('image/png', 50_000);
    expect((await put(streamed.url, 'image/png', streamBody(5 * 1024 * 1024, 1000, Buffer.from('GIF89a')))).status).toBe(415);
    const short = await target('image/png', 10);
    expect((await put(short.url, 'image/png', Buffer.from('GIF89a....'))).status).toBe(415);
    await expectNothingLeft();
  });

  it('400 for an empty body', async () => {
    const t = await target('image/png', 10);
    expect((await put(t.url, 'image/png', Buffer.alloc(0))).status).toBe(400);
    expect((await put(t.url, 'image/png', streamBody(0))).status).toBe(400);
    await expectNothingLeft();
  });

  it('removes the partial file when the client goes away mid-upload', async () => {
    const t = await target('image/png', MAX_FILE_BYTES);
    const abort = new AbortController();
    let sent = 0;
    const body = streamBody(MAX_FILE_BYTES, 64 * 1024, png(), (n) => {
      sent = n;
      if (n >= 2 * 1024 * 1024) abort.abort();
    });
    await expect(
      fetch(t.url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body, duplex: 'half', signal: abort.signal } as RequestInit),
    ).rejects.toThrow();
    expect(sent).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    await expect.poll(() => listFiles(h.dir), { timeout: 5_000 }).toEqual([]);
  });

  it('401 for a tampered link, 410 for an expired one', async () => {
    const expired = signUploadToken(
      { key: 'uploads/user/x', contentType: 'image/png', maxBytes: MAX_FILE_BYTES, exp: Math.floor(Date.now() / 1000) - 5 },
      SECRET,
    );
    const good = await target('image/png', SAMPLES.png.length);
    const token = good.url.split('/').pop()!;
    const [payload, sig] = token.split('.');
    const otherKey = Buffer.from(
      JSON.stringify({ k: 'avatars/victim/avatar', t: 'image/png', m: MAX_FILE_BYTES, e: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url');
    const flipped = `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}`;
    const late = await put(`${h.apiUrl}/uploads/local/${expired}`, 'image/png', SAMPLES.png);
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual({ message: 'This upload link has expired. Ask for a new one.' });
    for (const bad of [`${otherKey}.${sig}`, `${flipped}.${sig}`, `${payload}.${sig.slice(1)}`, 'garbage']) {
      const res = await put(`${h.apiUrl}/uploads/local/${bad}`, 'image/png', SAMPLES.png);
      expect(res.status, bad).toBe(401);
      expect(await res.json()).toEqual({ message: 'This upload link is invalid or has expired.' });
    }
    await expectNothingLeft();
  });

  it('rejects keys that could leave the directory', async () => {
    for (const key of ['../x', '/etc/passwd', 'a\\b', 'a/../../b', 'a//b', './a', '.incoming/x', 'a/b.meta.json', '']) {
      await expect(h.store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Invalid storage key/);
      await expect(h.store.stat(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(h.store.createUploadTarget(uploadRequest(key, 'image/png', 1, h.apiUrl))).rejects.toThrow(/Invalid storage key/);
    }
    await expectNothingLeft();
  });

  it('streams 20 MB to disk without holding it in memory', async () => {
    // A real gc() makes "memory still referenced" measurable; RSS alone mostly shows allocator noise.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const retained = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const mb = (n: number) => n / 1024 / 1024;

    // Warm up (the first fetch loads undici, the first upload compiles the paths).
    const warm = await target('image/png', 1_000_000);
    expect((await put(warm.url, 'image/png', streamBody(1_000_000))).status).toBe(200);
    await h.store.delete(warm.key);

    // How far the client is ahead of the disk: a handler that buffered the body would let it reach 20 MB.
    const onDisk = () => {
      const incoming = path.join(h.dir, '.incoming');
      const part = existsSync(incoming) ? readdirSync(incoming).find((f) => f.endsWith('.part')) : undefined;
      try {
        return part ? statSync(path.join(incoming, part)).size : 0;
      } catch {
        return 0; // renamed into place meanwhile
      }
    };
    const t = await target('image/png', MAX_FILE_BYTES);
    gc();
    const rssBefore = process.memoryUsage().rss;
    const retainedBefore = retained();
    let rssPeak = rssBefore;
    let retainedPeak = retainedBefore;
    let maxLag = 0;
    // Sampled from the client's pulls (every 2 MB sent) rather than a timer: a timer running gc() often enough
    // starves the event loop on a busy machine.
    const sample = (sent: number) => {
      maxLag = Math.max(maxLag, sent - onDisk());
      gc();
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      retainedPeak = Math.max(retainedPeak, retained());
    };
    const onPull = (sent: number) => {
      if (sent > 0 && sent % (2 * 1024 * 1024) === 0) sample(sent);
    };
    const res = await put(t.url, 'image/png', streamBody(MAX_FILE_BYTES, 64 * 1024, png(), onPull));
    sample(0);
    expect(res.status, await res.text()).toBe(200);
    expect(await h.store.stat(t.key)).toEqual({ size: MAX_FILE_BYTES, contentType: 'image/png' });

    const report = { rss: mb(rssPeak - rssBefore), retained: mb(retainedPeak - retainedBefore), clientAheadOfDisk: mb(maxLag) };
    console.info(
      '20 MB upload, peak growth in MB:',
      JSON.stringify(report, (_k, v) => (typeof v === 'number' ? +v.toFixed(1) : v)),
    );
    // Bytes in flight stay bounded by socket buffers (~5 MB on loopback), far from the 20 MB of the file.
    expect(report.clientAheadOfDisk).toBeLessThan(12);
    // Memory still referenced after a GC: buffering would hold the whole 20 MB (measured ~20 MB), streaming a few MB.
    expect(report.retained).toBeLessThan(15);
    // RSS: client and server share this process and freed buffers stay in malloc arenas, so only a loose bound
    // (measured 0-24 MB growth for the same streaming code, depending on the allocator's state).
    expect(report.rss).toBeLessThan(40);
  });
});
