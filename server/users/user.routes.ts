import * as z from 'zod/mini';
import { AVATAR_TYPES, uploadRequestSchema, uploadTicketSchema } from '../../src/schemas/upload.schema';
import {
  avatarCropSchema,
  profileUpdateSchema,
  securityResultSchema,
  securityUpdateSchema,
  userSchema,
} from '../../src/schemas/user.schema';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { LIMITS, hit, hitMail, hitPasswordCheck, passwordAccepted } from '../auth/rate-limit';
import { revokeUserSessions } from '../auth/sessions';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { Forbidden, NotFound } from '../errors';
import { ApiRouter } from '../http/api-router';
import { clientAddress, errorDoc } from '../http/router';
import { toWebStream } from '../http/stream';
import { apiBaseOf, createUpload } from '../uploads/uploads.service';
import { toUserDto, type UserRow } from './user.dto';
import { findUser, updateUser } from './user.repo';

const tag = 'User';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };
/** The file, and the part of it the artist chose (none: the server picks the most interesting square). */
const avatarRequestSchema = z.intersection(uploadRequestSchema(AVATAR_TYPES), z.object({ crop: z.optional(avatarCropSchema) }));

/** The signed-in user's profile, credentials and avatar. */
export function userRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db, authCache } = deps;

  api.openapi(
    {
      method: 'get',
      path: '/user',
      summary: 'The signed-in user',
      tag,
      auth: true,
      responses: { 200: { description: 'The user', schema: userSchema }, ...errors },
    },
    (c) => c.json(c.var.auth.user, 200),
  );

  api.openapi(
    {
      method: 'post',
      path: '/user',
      summary: 'Save first and last name, the language new posts start with, and the bio and links the public site shows',
      tag,
      auth: true,
      body: profileUpdateSchema,
      responses: { 200: { description: 'The saved user', schema: userSchema }, ...errors },
    },
    async (c, { body: { firstName, lastName, ...optional } }) => {
      // Left out (undefined): the language, bio or link stays as it was.
      const given = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
      const row = await updateUser(db, c.var.auth.user.userId, { firstName, lastName, ...given });
      await authCache.userChanged(row.id);
      return c.json(toUserDto(row), 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/user/security',
      summary: 'Change email address and/or password; the current password must verify, a new address must be verified',
      tag,
      auth: true,
      body: securityUpdateSchema,
      responses: {
        200: { description: 'Changed', schema: securityResultSchema },
        403: errorDoc('Wrong current password'),
        429: errorDoc('Too many attempts'),
        ...errors,
      },
    },
    async (c, { body: input }) => {
      const { userId, email } = c.var.auth.user;
      const ip = clientAddress(c, deps.config.trustProxyHops);
      // The current password is guessed no faster here than at sign-in: a stolen session is no password oracle.
      await hitPasswordCheck(db, ip, email);
      const user = await findUser(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new Forbidden('The current password is not correct.', {
          fieldErrors: { currentPassword: ['The current password is not correct.'] },
        });
      }
      await passwordAccepted(db, ip, email);
      const newEmail = input.email && input.email !== user.email ? input.email : undefined;
      if (newEmail) {
        await hit(db, LIMITS.mailPerUser, userId, user.email);
        await hitMail(db, ip, newEmail);
      }
      const messages: string[] = [];
      const changes: Partial<Pick<UserRow, 'passwordHash' | 'pendingEmail'>> = {};
      if (input.newPassword) {
        changes.passwordHash = await hashPassword(input.newPassword);
        messages.push('Your password has been changed.');
      }
      if (newEmail) {
        // The same answer whether or not the address has an account: the mail to it tells its owner which.
        changes.pendingEmail = newEmail;
        messages.push(`We sent a link to ${newEmail}. Your address changes once you open it.`);
      }
      const row = Object.keys(changes).length ? await updateUser(db, userId, changes) : user;
      // A new password ends every other session; this one stays signed in.
      if (changes.passwordHash) await revokeUserSessions(db, userId, c.var.auth.sessionId);
      if (newEmail) await deps.outbox.enqueue({ kind: 'change', email: newEmail, userId });
      await authCache.userChanged(userId);
      return c.json({ message: messages.join(' ') || 'Nothing changed.', user: toUserDto(row) }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/user/avatar',
      summary:
        'Ask for a signed URL to upload a new avatar, with the part of it to show (crop); PUT the file there, then confirm the upload. ' +
        'The original is kept as uploaded (it is what the data export holds).',
      tag,
      auth: true,
      body: avatarRequestSchema,
      responses: { 200: { description: 'Where to PUT the file', schema: uploadTicketSchema }, ...errors },
    },
    async (c, { body }) => {
      const ticket = await createUpload(deps, { ...body, userId: c.var.auth.user.userId, purpose: 'avatar', apiUrl: apiBaseOf(deps, c) });
      return c.json(ticket, 200);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/user/avatar',
      summary: 'The avatar image (WebP, 256 px square)',
      tag,
      auth: true,
      responses: {
        200: { description: 'The image', contentType: 'image/webp' },
        304: { description: 'Unchanged' },
        404: errorDoc('No avatar'),
        ...errors,
      },
    },
    async (c) => {
      const { avatarVersion, userId } = c.var.auth.user;
      if (!avatarVersion) throw new NotFound('No avatar yet.');
      const etag = `"${avatarVersion}"`;
      const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      const object = await deps.storage.read(`avatars/${userId}/${avatarVersion}`);
      if (!object) throw new NotFound('No avatar yet.');
      return c.body(toWebStream(object.body), 200, {
        ...headers,
        'Content-Type': object.contentType,
        'Content-Length': String(object.size),
      });
    },
  );
  return api;
}
