import type { IncomingMessage } from 'node:http';
import * as z from 'zod/mini';
import type { AppDeps } from '../context';
import type { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { LocalBlobStore } from '../storage/local-store';
import { type UploadProcessor, completeUpload } from './uploads.service';

const uploadIdParams = z.object({ uploadId: z.uuid({ error: 'Upload ID must be a valid UUID' }) });

/** The signed PUT of the local store, and the confirm call every store needs after its PUT. */
export function uploadRoutes(api: ApiRouter, deps: AppDeps, processors: Record<string, UploadProcessor>) {
  const store = deps.storage;

  if (store instanceof LocalBlobStore) {
    // The URL itself is the credential (signed, expiring); the body streams to disk.
    api.hono.put('/uploads/local/:token', async (c) => {
      // On Node the raw request stream is read directly (no web-stream copies); elsewhere the web body.
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      const received = await store.receive(c.req.param('token'), c.req.header('content-type'), c.req.header('content-length'), incoming ?? c.req.raw.body);
      return c.json({ size: received.size }, 200);
    });
  }

  api.route(
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
      },
    },
    async (c, { params }) => c.json(await completeUpload(deps, c.var.auth.user.userId, params.uploadId, processors) as object, 200),
  );
}
