import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, copyFile, link, mkdir, open, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Gone, Invalid, NotFound, TooLarge, UnsupportedType } from '../errors';
import type { BlobStore, ByteRange, ObjectInfo, StoredFile, UploadTarget, UploadTargetRequest } from './blob-store';
import { asStorageFault } from './faults';
import { SNIFF_BYTES, baseMediaType, contentMatchesType } from './sniff';
import { USED_UPLOAD_LINK, type UploadClaims, signUploadToken, verifyUploadToken } from './upload-token';

const META_SUFFIX = '.meta.json';
/** Partial uploads live here (same file system as the final files, so the rename into place is atomic). */
const INCOMING_DIR = '.incoming';
const DEFAULT_TYPE = 'application/octet-stream';

export const TYPE_MISMATCH = 'The file type does not match the upload link.';
export const CONTENT_MISMATCH = 'The file content does not match its type.';
export const EMPTY_UPLOAD = 'The file is empty.';
export const UPLOAD_INTERRUPTED = 'The upload was interrupted. Please try again.';
const MB = 1024 * 1024;
export const tooLargeMessage = (maxBytes: number) =>
  `File exceeds the maximum size of ${maxBytes >= MB && maxBytes % MB === 0 ? `${maxBytes / MB}MB` : `${maxBytes} bytes`}`;

export interface LocalBlobStoreOptions {
  /** Root directory of the files; created on demand. */
  dir: string;
  /** Signs the upload URLs this store hands out. */
  secret: string;
}

const isNotFound = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';
const isTaken = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'EEXIST';

/** Called once the link is known to be genuine, before any byte is read: throws to refuse the upload. */
export type AdmitUpload = (claims: UploadClaims) => Promise<void>;

/**
 * Files on local disk under `dir`, keyed by relative paths such as `avatars/<uuid>/<uuid>`. The content type of each
 * file sits next to it in `<file>.meta.json`. Browsers upload by PUTting to a signed URL that the API routes to
 * `receive`, which streams the body to disk.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  readonly dir: string;
  readonly #secret: string;

  constructor(options: LocalBlobStoreOptions) {
    if (!options.secret) throw new Error('LocalBlobStore needs a secret to sign upload links');
    this.dir = path.resolve(options.dir);
    this.#secret = options.secret;
  }

  /** The absolute path of a key; throws on anything that could leave the directory or clash with internals. */
  pathOf(key: string): string {
    const bad = () => new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    if (typeof key !== 'string' || key.length === 0 || key.length > 1024) throw bad();
    if (key.includes('\\') || key.includes('\0') || key.startsWith('/') || path.isAbsolute(key)) throw bad();
    if (key.endsWith(META_SUFFIX)) throw bad();
    // No empty, `.`, `..` or hidden segments (the latter keeps keys out of the incoming directory).
    if (key.split('/').some((segment) => segment === '' || segment.startsWith('.'))) throw bad();
    const full = path.join(this.dir, key);
    const rel = path.relative(this.dir, full);
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw bad();
    return full;
  }

  async createUploadTarget(req: UploadTargetRequest): Promise<UploadTarget> {
    this.pathOf(req.key);
    if (req.declaredBytes > req.maxBytes) throw new TooLarge(tooLargeMessage(req.maxBytes));
    if (!Number.isInteger(req.declaredBytes) || req.declaredBytes <= 0) throw new Invalid(EMPTY_UPLOAD);
    const expiresAt = new Date(Date.now() + req.expiresInSeconds * 1000);
    // The link takes the size the client declared and not a byte more, as a bucket does with a signed length.
    const token = signUploadToken(
      { key: req.key, contentType: req.contentType, maxBytes: req.declaredBytes, exp: Math.floor(expiresAt.getTime() / 1000) },
      this.#secret,
    );
    return {
      url: `${req.apiUrl.replace(/\/$/, '')}/uploads/local/${token}`,
      method: 'PUT',
      headers: { 'Content-Type': req.contentType },
      expiresAt,
    };
  }

  /**
   * Takes the PUT of a signed upload URL: checks the link, the declared type and size, streams the body to a temporary
   * file (counting bytes, never holding the whole file), checks the magic numbers as soon as enough bytes arrived and
   * finally links the file into place. On any failure the temporary file is removed. A link takes one upload: a
   * second PUT to it answers 410, and of two racing PUTs only the first to finish is kept.
   */
  async receive(
    token: string,
    contentType: string | undefined,
    contentLength: string | undefined,
    body: ReadableStream<Uint8Array> | Readable | null,
    admit?: AdmitUpload,
  ): Promise<{ key: string; size: number }> {
    try {
      return await this.#receive(token, contentType, contentLength, body, admit);
    } catch (thrown) {
      // A refusal of admit() is a domain failure: it is answered like the store's own (the route says how).
      throw asStorageFault(thrown);
    }
  }

  async #receive(
    token: string,
    contentType: string | undefined,
    contentLength: string | undefined,
    body: ReadableStream<Uint8Array> | Readable | null,
    admit: AdmitUpload | undefined,
  ): Promise<{ key: string; size: number }> {
    const claims = verifyUploadToken(token, this.#secret);
    const target = this.pathOf(claims.key);
    if (await this.stat(claims.key)) throw new Gone(USED_UPLOAD_LINK);
    await admit?.(claims);
    if (!contentType || baseMediaType(contentType) !== baseMediaType(claims.contentType)) {
      throw new UnsupportedType(TYPE_MISMATCH);
    }
    if (contentLength !== undefined && contentLength !== '') {
      if (!/^\s*\d+\s*$/.test(contentLength)) throw new Invalid('Invalid Content-Length.');
      const declared = Number(contentLength);
      if (declared > claims.maxBytes) throw new TooLarge(tooLargeMessage(claims.maxBytes));
      if (declared === 0) throw new Invalid(EMPTY_UPLOAD);
    }
    if (!body) throw new Invalid(EMPTY_UPLOAD);

    const incoming = path.join(this.dir, INCOMING_DIR);
    await mkdir(incoming, { recursive: true });
    const id = randomUUID();
    const tmpFile = path.join(incoming, `${id}.part`);
    const tmpMeta = path.join(incoming, `${id}${META_SUFFIX}`);
    // A Node stream (the raw request) avoids the copies of a web stream; both are read the same way.
    const chunks: AsyncIterator<Uint8Array> = (body instanceof Readable ? body : Readable.fromWeb(body as never))[Symbol.asyncIterator]();
    let file: FileHandle | undefined;
    let linked = false;
    let size = 0;
    try {
      file = await open(tmpFile, 'wx', 0o600);
      const head: Uint8Array[] = [];
      let headBytes = 0;
      let sniffed = false;
      const sniff = async () => {
        sniffed = true;
        const bytes = Buffer.concat(head, headBytes).subarray(0, SNIFF_BYTES);
        head.length = 0;
        if (!(await contentMatchesType(bytes, claims.contentType))) throw new UnsupportedType(CONTENT_MISMATCH);
      };
      for (;;) {
        let chunk: IteratorResult<Uint8Array>;
        try {
          chunk = await chunks.next();
        } catch {
          // The client went away (or the connection broke) mid-body: a client error, not a server fault.
          throw new Invalid(UPLOAD_INTERRUPTED);
        }
        const { done, value } = chunk;
        if (done) break;
        if (value.byteLength === 0) continue;
        size += value.byteLength;
        if (size > claims.maxBytes) throw new TooLarge(tooLargeMessage(claims.maxBytes));
        if (!sniffed) {
          head.push(value);
          headBytes += value.byteLength;
          if (headBytes >= SNIFF_BYTES) await sniff();
        }
        await file.write(value);
      }
      if (size === 0) throw new Invalid(EMPTY_UPLOAD);
      if (!sniffed) await sniff();
      await file.close();
      file = undefined;
      await writeFile(tmpMeta, JSON.stringify({ contentType: claims.contentType }), { mode: 0o600 });
      await mkdir(path.dirname(target), { recursive: true });
      // A hard link never replaces a file: the first upload to finish holds the key, a later one is refused.
      try {
        await link(tmpFile, target);
        linked = true;
      } catch (err) {
        if (isTaken(err)) throw new Gone(USED_UPLOAD_LINK);
        throw err;
      }
      await rename(tmpMeta, target + META_SUFFIX);
      await rm(tmpFile, { force: true });
      return { key: claims.key, size };
    } catch (err) {
      // Leave the rest of the body to the HTTP server (it drains or closes the connection after the answer);
      // cancelling here would destroy the socket before the client could read the status.
      await file?.close().catch(() => {});
      await Promise.all([rm(tmpFile, { force: true }), rm(tmpMeta, { force: true }), linked && rm(target, { force: true })]);
      throw err;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const incoming = path.join(this.dir, INCOMING_DIR);
    await mkdir(incoming, { recursive: true });
    const id = randomUUID();
    const tmpFile = path.join(incoming, `${id}.part`);
    const tmpMeta = path.join(incoming, `${id}${META_SUFFIX}`);
    try {
      await writeFile(tmpFile, body, { mode: 0o600 });
      await writeFile(tmpMeta, JSON.stringify({ contentType }), { mode: 0o600 });
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmpMeta, target + META_SUFFIX);
      await rename(tmpFile, target);
    } catch (err) {
      await Promise.all([rm(tmpFile, { force: true }), rm(tmpMeta, { force: true })]);
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const file = this.pathOf(key);
    let size: number;
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      size = s.size;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    return { size, contentType: await this.#contentTypeOf(file) };
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    const file = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if (isNotFound(err)) throw new NotFound('File not found.');
      throw err;
    }
    try {
      const buffer = Buffer.alloc(Math.max(0, bytes));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  async read(key: string, range?: ByteRange) {
    const file = this.pathOf(key);
    const info = await this.stat(key);
    if (!info) return null;
    let start: number | undefined;
    let end: number | undefined;
    if (range) {
      ({ start, end } = checkRange(range, info.size));
    }
    const body = createReadStream(file, { start, end });
    // The file may vanish between stat and open; report that like a missing file.
    try {
      await new Promise<void>((resolve, reject) => {
        const onOpen = () => {
          body.off('error', onError);
          resolve();
        };
        const onError = (err: Error) => {
          body.off('open', onOpen);
          reject(err);
        };
        body.once('open', onOpen);
        body.once('error', onError);
      });
    } catch (err) {
      body.destroy();
      if (isNotFound(err)) return null;
      throw err;
    }
    return { ...info, body };
  }

  async copy(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    const incoming = path.join(this.dir, INCOMING_DIR);
    await mkdir(incoming, { recursive: true });
    const tmpFile = path.join(incoming, `${randomUUID()}.part`);
    try {
      // Copied beside the target first, so a reader never sees half a file.
      await copyFile(source, tmpFile);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(source + META_SUFFIX, target + META_SUFFIX).catch((err) => (isNotFound(err) ? undefined : Promise.reject(err)));
      await rename(tmpFile, target);
    } catch (err) {
      await rm(tmpFile, { force: true });
      if (isNotFound(err)) throw new NotFound('File not found.');
      throw err;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(source + META_SUFFIX, target + META_SUFFIX).catch((err) => (isNotFound(err) ? undefined : Promise.reject(err)));
      await rename(source, target);
    } catch (err) {
      if (isNotFound(err)) throw new NotFound('File not found.');
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await Promise.all([rm(file, { force: true }), rm(file + META_SUFFIX, { force: true })]);
  }

  async deleteFolder(folder: string): Promise<void> {
    // The files' own .meta.json siblings live in the same folder and go with it.
    await rm(this.pathOf(folder), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    const entries = await readdir(path.join(this.dir, prefix), { recursive: true, withFileTypes: true }).catch((err) =>
      isNotFound(err) ? [] : Promise.reject(err),
    );
    for (const e of entries) {
      if (!e.isFile() || e.name.endsWith(META_SUFFIX)) continue;
      const full = path.join(e.parentPath, e.name);
      const key = path.relative(this.dir, full).split(path.sep).join('/');
      if (key.split('/').some((segment) => segment.startsWith('.'))) continue;
      const modifiedAt = await stat(full).then(
        (s) => s.mtime,
        () => null,
      );
      if (modifiedAt) yield { key, modifiedAt };
    }
  }

  /** Removes a folder if it is empty (a media item's, once its files are gone); anything else stays. */
  async removeEmptyFolder(prefix: string): Promise<void> {
    await rmdir(this.pathOf(prefix)).catch(() => {});
  }

  /**
   * Removes what interrupted writes left in the incoming folder (a killed process never cleans up after itself) and
   * empty folders under `prefix`, both untouched since `before`. A write in progress touches its file all along.
   */
  async sweepLeftovers(prefix: string, before: Date): Promise<number> {
    let removed = 0;
    const incoming = path.join(this.dir, INCOMING_DIR);
    for (const name of await readdir(incoming).catch(() => [] as string[])) {
      const file = path.join(incoming, name);
      const s = await stat(file).catch(() => null);
      if (s?.isFile() && s.mtime < before) {
        await rm(file, { force: true });
        removed++;
      }
    }
    const root = path.join(this.dir, prefix);
    const dirs = (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((e) => e.isDirectory())
      .map((e) => path.join(e.parentPath, e.name))
      .filter(
        (dir) =>
          !path
            .relative(this.dir, dir)
            .split(path.sep)
            .some((segment) => segment.startsWith('.')),
      )
      // Deepest first, so a folder emptied by removing its empty children goes too.
      .sort((a, b) => b.length - a.length);
    // Ages are read before anything is removed: removing a child touches its parent.
    const old = new Set<string>();
    for (const dir of dirs) if (((await stat(dir).catch(() => null))?.mtime ?? before) < before) old.add(dir);
    for (const dir of dirs) if (old.has(dir)) await rmdir(dir).catch(() => {});
    return removed;
  }

  async #contentTypeOf(file: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(file + META_SUFFIX, 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_TYPE;
    } catch {
      return DEFAULT_TYPE;
    }
  }
}

/** HTTP semantics: start must lie inside the object; an end past it is cut to the last byte. */
export function checkRange(range: ByteRange, size: number): ByteRange {
  const { start, end } = range;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || start >= size) {
    throw new RangeError(`Range ${start}-${end} is not satisfiable for ${size} bytes`);
  }
  return { start, end: Math.min(end, size - 1) };
}
