import { deleteAccountSchema } from '../../src/schemas/user.schema';
import { verifyPassword } from '../auth/passwords';
import { hitPasswordCheck } from '../auth/rate-limit';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { Forbidden } from '../errors';
import { ApiRouter } from '../http/api-router';
import { clientAddress, errorDoc } from '../http/router';
import { toWebStream } from '../http/stream';
import { deleteUserAccount } from './account-deletion';
import { collectExport } from './export-contents';
import { exportArchive } from './export-zip';
import { findUser } from '../auth/user.repo';

const tag = 'User';
const WRONG_PASSWORD = 'The current password is not correct.';

/** Taking one's data away, and leaving: the archive of everything, and deleting the account. */
export function accountDataRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db, config } = deps;

  api.openapi(
    {
      method: 'get',
      path: '/user/export',
      summary:
        'Download everything of the signed-in artist as a ZIP: profile.json, artworks.json, journal.json, posts.json, every original ' +
        'artwork file under media/<artworkId>/<fileName>, post files under posts/<postId>/ and the avatar under profile/. Streamed, with its length',
      tag,
      auth: true,
      responses: { 200: { description: 'The archive', contentType: 'application/zip' }, 401: errorDoc('Not signed in') },
    },
    async (c) => {
      const contents = await collectExport(deps, c.var.auth.user.userId);
      const archive = await exportArchive(deps.storage, deps.log, contents);
      const fileName = `artist-studio-${new Date().toISOString().slice(0, 10)}.zip`;
      const headers = {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
        ...(archive.size !== null ? { 'Content-Length': String(archive.size) } : {}),
      };
      // HEAD (answered by this GET route) reads no body: let go of the file the archive has already opened.
      if (c.req.method === 'HEAD') {
        archive.stream.destroy();
        return c.body(null, 200, headers);
      }
      return c.body(toWebStream(archive.stream), 200, headers);
    },
  );

  api.openapi(
    {
      method: 'delete',
      path: '/user',
      summary:
        'Delete the account and everything in it (rows, files, Bluesky sessions, the public portfolio, scheduled posts); the current ' +
        'password must verify. A mail confirms',
      tag,
      auth: true,
      body: deleteAccountSchema,
      responses: {
        204: { description: 'Deleted' },
        400: errorDoc('Invalid input'),
        401: errorDoc('Not signed in'),
        403: errorDoc('Wrong current password'),
        429: errorDoc('Too many password attempts'),
      },
    },
    async (c, { body }) => {
      const { userId, email } = c.var.auth.user;
      // Password guesses here count with the sign-in's, so a stolen session cannot test passwords faster than sign-in can.
      await hitPasswordCheck(db, clientAddress(c, config.trustProxyHops), email);
      const user = await findUser(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
        throw new Forbidden(WRONG_PASSWORD, { fieldErrors: { currentPassword: [WRONG_PASSWORD] } });
      }
      await deleteUserAccount(deps, userId);
      return c.body(null, 204);
    },
  );
  return api;
}
