import type { IncomingMessage } from 'node:http';
import * as z from 'zod/mini';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { Gone } from '../errors';
import { ApiRouter } from '../http/api-router';
import { HttpError, toHttpError } from '../http/errors';
import { errorDoc } from '../http/router';
import { LocalBlobStore } from '../storage/local-store';
import { USED_UPLOAD_LINK } from '../storage/upload-token';
import { findUploadSlot } from './uploads.repo';
import { type UploadProcessor, completeUpload } from './uploads.service';

const uploadIdParams = z.object({ uploadId: z.uuid({ error: 'Upload ID must be a valid UUID' }) });
const uploadTokenParams = z.object({ token: z.string().check(z.minLength(1), z.maxLength(4096)) });

export const OUT_OF_SPACE_DOC = errorDoc('The server is out of storage space; nothing was kept');

/** The signed PUT of the local store, and the confirm call every store needs after its PUT. */
export function uploadRoutes(deps: AppDeps, processors: Record<string, UploadProcessor>) {
  const api = new ApiRouter(requireUser(deps));
  const store = deps.storage;

  if (store instanceof LocalBlobStore) {
    // An address takes one upload: once its upload was confirmed (or refused and dropped), it is spent.
    const admit = async ({ key }: { key: string }) => {
      const uploadId = key.split('/').pop() ?? '';
      const row = z.safeParse(uploadIdParams.shape.uploadId, uploadId).success ? await findUploadSlot(deps.db, uploadId) : undefined;
      if (!row || row.storageKey !== key || row.completedAt) throw new Gone(USED_UPLOAD_LINK);
    };
    api.openapi(
      {
        method: 'put',
        path: '/uploads/local/:token',
        summary:
          'The upload address a ticket hands out (local storage): the file’s bytes as the body, with the ticket’s headers. ' +
          'The signed address is the credential; it takes one upload of at most the declared size, until it expires.',
        tag: 'Uploads',
        params: uploadTokenParams,
        responses: {
          200: { description: 'Stored; confirm it next' },
          400: errorDoc('Empty body, or the upload was interrupted'),
          401: errorDoc('Not an upload address this server signed'),
          410: errorDoc('The address has expired or has taken its upload already'),
          413: errorDoc('More bytes than the ticket declared; the connection closes after the answer'),
          415: errorDoc('The type or the bytes do not match the ticket'),
          507: OUT_OF_SPACE_DOC,
        },
      },
      async (c, { params }) => {
        // On Node the raw request stream is read directly (no web-stream copies); elsewhere the web body.
        const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
        const received = await store
          .receive(params.token, c.req.header('content-type'), c.req.header('content-length'), incoming ?? c.req.raw.body, admit)
          .catch((thrown: unknown) => Promise.reject(closingConnection(toHttpError(thrown))));
        return c.json({ size: received.size }, 200);
      },
    );
  }

  api.openapi(
    {
      method: 'post',
      path: '/uploads/:uploadId/complete',
      summary: 'Confirm an upload: the server checks the bytes that arrived (size, magic numbers) and processes them',
      tag: 'Uploads',
      auth: true,
      params: uploadIdParams,
      responses: {
        200: { description: 'Processed; the answer depends on what the upload was for' },
        404: errorDoc('No such upload'),
        409: errorDoc('Nothing arrived yet'),
        413: errorDoc('Too large'),
        415: errorDoc('The bytes do not match the declared type'),
        507: OUT_OF_SPACE_DOC,
      },
    },
    async (c, { params }) => c.json((await completeUpload(deps, c.var.auth.user.userId, params.uploadId, processors)) as object, 200),
  );
  return api;
}

/**
 * A refused upload's body is never read to its end: the answer asks the client not to reuse this connection (the HTTP
 * server reads and drops what is still coming before it closes), or its next request could land on a closing socket.
 */
const closingConnection = (err: unknown) =>
  err instanceof HttpError
    ? new HttpError(err.status, err.message, { ...err.extra, headers: { ...err.extra.headers, Connection: 'close' } })
    : err;
