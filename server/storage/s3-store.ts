import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Invalid, NotFound, TooLarge } from '../errors';
import type { BlobStore, ByteRange, ObjectInfo, StoredFile, UploadTarget, UploadTargetRequest } from './blob-store';
import { EMPTY_UPLOAD, tooLargeMessage } from './local-store';

export interface S3BlobStoreOptions {
  /** Omit for AWS itself; set for MinIO, R2, s3rver and other S3-compatible stores. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Omit both to use the SDK's default credential chain (environment, instance role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

const DEFAULT_TYPE = 'application/octet-stream';

const statusOf = (err: unknown) =>
  err instanceof S3ServiceException
    ? err.$metadata?.httpStatusCode
    : (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => {
  const name = (err as { name?: string })?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(err) === 404;
};
const isInvalidRange = (err: unknown) => (err as { name?: string })?.name === 'InvalidRange' || statusOf(err) === 416;

/** Total size from `Content-Range: bytes 0-9/1234`. */
const totalFromContentRange = (value: string | undefined) => {
  const match = value && /\/(\d+)\s*$/.exec(value);
  return match ? Number(match[1]) : undefined;
};

/** Files in an S3-compatible bucket. Browsers upload straight to the bucket with a presigned PUT. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Only send/verify the optional CRC checksums when an operation requires them: otherwise presigned PUTs carry a
      // checksum of an empty body, and several S3-compatible servers reject or mishandle the extra headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async createUploadTarget(req: UploadTargetRequest): Promise<UploadTarget> {
    if (req.declaredBytes > req.maxBytes) throw new TooLarge(tooLargeMessage(req.maxBytes));
    if (!Number.isInteger(req.declaredBytes) || req.declaredBytes <= 0) throw new Invalid(EMPTY_UPLOAD);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: req.key,
      ContentType: req.contentType,
      ContentLength: req.declaredBytes,
    });
    const expiresAt = new Date(Date.now() + req.expiresInSeconds * 1000);
    // Content-Type and Content-Length are signed: S3 refuses a PUT whose type or exact size differ.
    const url = await getSignedUrl(this.client, command, {
      expiresIn: req.expiresInSeconds,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, method: 'PUT', headers: { 'Content-Type': req.contentType }, expiresAt };
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
    );
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? DEFAULT_TYPE };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    if (bytes <= 0) return Buffer.alloc(0);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      if (!res.Body) return Buffer.alloc(0);
      const all = Buffer.from(await res.Body.transformToByteArray());
      // A server that ignores Range sends everything; keep only the head.
      return all.subarray(0, bytes);
    } catch (err) {
      if (isNotFound(err)) throw new NotFound('File not found.');
      // A range on an empty object is unsatisfiable: its head is empty.
      if (isInvalidRange(err)) return Buffer.alloc(0);
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<(ObjectInfo & { body: Readable }) | null> {
    if (range && (!Number.isInteger(range.start) || !Number.isInteger(range.end) || range.start < 0 || range.end < range.start)) {
      throw new RangeError(`Range ${range.start}-${range.end} is not satisfiable`);
    }
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const size = totalFromContentRange(res.ContentRange) ?? res.ContentLength ?? 0;
      // In Node the SDK's body is an http.IncomingMessage (a Readable) with a few helpers mixed in.
      return { size, contentType: res.ContentType ?? DEFAULT_TYPE, body: res.Body as Readable };
    } catch (err) {
      if (isNotFound(err)) return null;
      if (isInvalidRange(err)) throw new RangeError(`Range ${range?.start}-${range?.end} is not satisfiable`);
      throw err;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    try {
      // Server-side copy: the bytes never pass through this process. Type and metadata come along.
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new NotFound('File not found.');
      throw err;
    }
  }

  async move(from: string, to: string): Promise<void> {
    await this.copy(from, to);
    await this.delete(from);
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date() };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async deleteFolder(folder: string): Promise<void> {
    const prefix = `${folder.replace(/\/+$/, '')}/`;
    // A bucket has no folders: list the keys under the prefix a page (up to 1000) at a time and delete each page.
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (!keys.length) return;
      const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length)
        throw new Error(`Could not delete ${failed.length} file(s) under ${prefix}: ${failed[0].Code} ${failed[0].Message ?? ''}`);
      if (!page.IsTruncated) return;
    }
  }
}
