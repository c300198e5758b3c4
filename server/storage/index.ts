import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-store';
import { S3BlobStore } from './s3-store';

/** The store the configuration asks for: a bucket when S3_BUCKET is set, otherwise files under DATA_DIR. */
export function createBlobStore(config: Config['storage'], secret: string): BlobStore {
  switch (config.kind) {
    case 'local':
      return new LocalBlobStore({ dir: config.dir, secret });
    case 's3':
      return new S3BlobStore({
        endpoint: config.endpoint,
        bucket: config.bucket,
        region: config.region,
        accessKeyId: config.accessKeyId,
        secretAccessKey: config.secretAccessKey,
        forcePathStyle: config.forcePathStyle,
      });
  }
}

export type { BlobStore, ByteRange, ObjectInfo, UploadTarget, UploadTargetRequest } from './blob-store';
export { LocalBlobStore, type LocalBlobStoreOptions } from './local-store';
export { S3BlobStore, type S3BlobStoreOptions } from './s3-store';
export { SNIFF_BYTES, contentMatchesType } from './sniff';
export { INVALID_UPLOAD_LINK, type UploadClaims, signUploadToken, verifyUploadToken } from './upload-token';
