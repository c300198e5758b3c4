import type { Readable } from 'node:stream';

/** Where the browser sends one file: a PUT to url with exactly these headers, before expiresAt. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface UploadTargetRequest {
  key: string;
  contentType: string;
  /** The size the client declared; S3 signs it as the exact Content-Length. */
  declaredBytes: number;
  /** The most the URL accepts (20 MB). */
  maxBytes: number;
  expiresInSeconds: number;
  /** Public base of the API (e.g. http://localhost:8080/api), for stores that receive the PUT themselves. */
  apiUrl: string;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP Range. */
  end: number;
}

/** File storage behind one interface; local disk and S3-compatible stores both implement it. */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  createUploadTarget(req: UploadTargetRequest): Promise<UploadTarget>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** The first `bytes` bytes, enough to check a file's magic numbers. */
  readHead(key: string, bytes: number): Promise<Buffer>;
  /**
   * The file as a stream, or null if missing. `size` is always the whole file's; with a range the body holds bytes
   * start..end only (an end past the file is cut to its last byte; a start past it throws a RangeError).
   */
  read(key: string, range?: ByteRange): Promise<(ObjectInfo & { body: Readable }) | null>;
  /** Copies a file (bytes and type) to another key, replacing what is there. The source must exist. */
  copy(from: string, to: string): Promise<void>;
  /** Moves a file to another key (a rename on local disk, copy + delete in a bucket). The source must exist. */
  move(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every file under a folder (`media/<userId>` holds `media/<userId>/...`); an empty folder is fine. */
  deleteFolder(folder: string): Promise<void>;
  /** Every stored file whose key starts with `prefix`, with when it was last written; page by page, in no set order. */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}
