import type { Context } from 'hono';
import {
  AUTH_MESSAGES,
  EMAIL_NOT_VERIFIED,
  createAccountSchema,
  forgotPasswordSchema,
  refreshSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signInSchema,
  signOutSchema,
  tokenSetSchema,
  verifyEmailSchema,
} from '../../src/schemas/auth.schema';
import { messageSchema } from '../../src/schemas/api-error.schema';
import { displayNameOf } from '../../src/schemas/user.schema';
import type { AppDeps } from '../context';
import { Forbidden, Invalid, Unauthenticated } from '../errors';
import { ApiRouter } from '../http/api-router';
import { clientAddress, errorDoc } from '../http/router';
import { findUser, findUserByEmail, resetPassword } from './user.repo';
import { claimAddress, confirmClaim, moveToProvenAddress } from './claims.repo';
import { consumeResetToken, consumeVerifyToken } from './email-tokens.repo';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { hitMail, hitPasswordCheck, passwordAccepted } from './rate-limit';
import { requireUser } from './require-user';
import { ownerOfSession, revokeSession, rotateRefreshToken, sessionOfRefreshToken, startSession } from './sessions.repo';

const tag = 'Authentication';
const ok = (description = 'OK') => ({
  200: { description, schema: messageSchema },
  400: errorDoc('Invalid input'),
  429: errorDoc('Too many attempts'),
});

/** Sign-in, account creation, verification, password reset, token refresh and sign-out. No bearer token. */
export function authRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db, outbox, config, tokens, authCache } = deps;

  async function issueTokens(userId: string, sessionId: string, refreshToken: string) {
    const user = await findUser(db, userId);
    if (!user) throw new Unauthenticated();
    const signed = await tokens.sign({ userId, sessionId, email: user.email, name: displayNameOf(user) });
    return { ...signed, refreshToken };
  }

  /**
   * Every route that may mail checks the same limits and records the mail for the worker, whatever the address: the
   * answer takes the same time whether or not the address has an account.
   */
  const limitMail = (c: Context, email: string) => hitMail(db, clientAddress(c, config.trustProxyHops), email);

  api.openapi(
    {
      method: 'post',
      path: '/auth/create',
      summary: 'Create an account (the answer is the same whether or not the address has one)',
      tag,
      body: createAccountSchema,
      responses: { ...ok(), 201: { description: 'Created; a verification link was mailed', schema: messageSchema } },
    },
    async (c, { body: { email, password } }) => {
      await limitMail(c, email);
      // Same answer as a new account, so the form does not reveal who has one; the owner hears about it by mail.
      await claimAddress(db, email, await hashPassword(password));
      outbox.enqueued();
      return c.json({ message: AUTH_MESSAGES.accountCreated }, 201);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/auth/sign-in',
      summary: 'Sign in: answers the token set the app stores as its session',
      tag,
      body: signInSchema,
      responses: {
        200: { description: 'Signed in', schema: tokenSetSchema },
        400: errorDoc('Invalid input'),
        401: errorDoc('Wrong email or password'),
        403: errorDoc('Email address not verified yet (code EMAIL_NOT_VERIFIED)'),
        429: errorDoc('Too many attempts'),
      },
    },
    async (c, { body: { email, password } }) => {
      const ip = clientAddress(c, config.trustProxyHops);
      await hitPasswordCheck(db, ip, email);
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !valid) throw new Unauthenticated(AUTH_MESSAGES.invalidCredentials);
      await passwordAccepted(db, ip, email);
      if (!user.emailVerifiedAt) throw new Forbidden(AUTH_MESSAGES.emailNotVerified, { code: EMAIL_NOT_VERIFIED });
      const session = await startSession(db, user.id);
      return c.json(await issueTokens(user.id, session.sessionId, session.refreshToken), 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/auth/resend-verification',
      summary: 'Send the verification link again',
      tag,
      body: resendVerificationSchema,
      responses: ok(),
    },
    async (c, { body: { email } }) => {
      await limitMail(c, email);
      await outbox.enqueue({ kind: 'resend', email });
      return c.json({ message: AUTH_MESSAGES.verificationSent }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/auth/verify-email',
      summary: 'Confirm an address from its mailed link (also a changed address)',
      tag,
      body: verifyEmailSchema,
      responses: { ...ok(), 409: errorDoc('The address now belongs to another account') },
    },
    async (c, { body: { token } }) => {
      const used = await consumeVerifyToken(db, token);
      if (!used) throw new Invalid(AUTH_MESSAGES.invalidLink);
      if (used.passwordHash) {
        // A sign-up: only the newest one's link works, and it brings that sign-up's password with it.
        if (!(await confirmClaim(db, used.userId, used.passwordHash))) throw new Invalid(AUTH_MESSAGES.invalidLink);
      } else {
        await moveToProvenAddress(db, used.userId, used.email);
      }
      await authCache.userChanged(used.userId);
      return c.json({ message: AUTH_MESSAGES.emailVerified }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/auth/forgotPassword',
      summary: 'Mail a password reset link',
      tag,
      body: forgotPasswordSchema,
      responses: ok(),
    },
    async (c, { body: { email } }) => {
      await limitMail(c, email);
      await outbox.enqueue({ kind: 'reset', email });
      return c.json({ message: AUTH_MESSAGES.resetLinkSent }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/auth/reset-password',
      summary: 'Set a new password from a mailed link; ends every session',
      tag,
      body: resetPasswordSchema,
      responses: ok(),
    },
    async (c, { body: { token, password } }) => {
      const used = await consumeResetToken(db, token);
      if (!used) throw new Invalid(AUTH_MESSAGES.invalidLink);
      // Opening the mailed link also proves the address: every other link and session ends, every limit on it lifts.
      await resetPassword(db, used.userId, await hashPassword(password));
      await authCache.userChanged(used.userId);
      return c.json({ message: AUTH_MESSAGES.passwordReset }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/auth/refresh',
      summary: 'Exchange a refresh token for a new token set; a reused token ends its session',
      tag,
      body: refreshSchema,
      responses: {
        200: { description: 'New tokens', schema: tokenSetSchema },
        400: errorDoc('Invalid input'),
        401: errorDoc('Session ended'),
      },
    },
    async (c, { body: { refreshToken } }) => {
      const rotated = await rotateRefreshToken(db, refreshToken, async (sessionId) => {
        const ownerId = await ownerOfSession(db, sessionId);
        if (ownerId) await authCache.userChanged(ownerId);
      });
      return c.json(await issueTokens(rotated.userId, rotated.sessionId, rotated.refreshToken), 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/auth/sign-out',
      summary: 'Sign out: end the session of this refresh token',
      tag,
      body: signOutSchema,
      responses: { 204: { description: 'Signed out' }, 400: errorDoc('Invalid input') },
    },
    async (c, { body: { refreshToken } }) => {
      const session = refreshToken ? await sessionOfRefreshToken(db, refreshToken) : undefined;
      if (session) {
        await revokeSession(db, session.sessionId);
        await authCache.userChanged(session.userId);
      }
      return c.body(null, 204);
    },
  );
  return api;
}
