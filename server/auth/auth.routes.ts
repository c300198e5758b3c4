import { and, eq, isNull, sql } from 'drizzle-orm';
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
import { sessions, users } from '../db/schema';
import type { ApiRouter } from '../http/api-router';
import { HttpError, badRequest, unauthorized } from '../http/errors';
import { clientAddress, errorDoc } from '../http/router';
import { accountExistsMail, resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { consumeEmailToken, createEmailToken } from './email-tokens';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { LIMITS, hit } from './rate-limit';
import { revokeSession, revokeUserSessions, rotateRefreshToken, sessionOfRefreshToken, startSession } from './sessions';

const tag = 'Authentication';
const ok = (description = 'OK') => ({ 200: { description, schema: messageSchema }, 400: errorDoc('Invalid input'), 429: errorDoc('Too many attempts') });

/** Sign-in, account creation, verification, password reset, token refresh and sign-out. No bearer token. */
export function authRoutes(api: ApiRouter, deps: AppDeps) {
  const { db, mailer, config, tokens, authCache } = deps;
  const link = (page: string, token: string) => `${config.appUrl}/${page}?token=${encodeURIComponent(token)}`;

  async function issueTokens(userId: string, sessionId: string, refreshToken: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw unauthorized();
    const signed = await tokens.sign({ userId, sessionId, email: user.email, name: displayNameOf(user) });
    return { ...signed, refreshToken };
  }

  async function sendVerification(userId: string, email: string) {
    const token = await createEmailToken(db, userId, 'verify', email);
    await mailer.send(verifyEmailMail(email, link('verify-email', token)));
  }

  async function limitMail(c: Context, email: string) {
    await hit(db, LIMITS.mailPerAddress, clientAddress(c, config.trustProxyHops));
    await hit(db, LIMITS.mailPerEmail, email);
  }

  api.route(
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
      const passwordHash = await hashPassword(password);
      const [created] = await db.insert(users).values({ email, passwordHash }).onConflictDoNothing().returning({ id: users.id });
      if (created) {
        await sendVerification(created.id, email);
      } else {
        // Same answer as a new account, so the form does not reveal who has one; the owner hears about it by mail.
        const [existing] = await db.select().from(users).where(eq(users.email, email));
        if (existing && !existing.emailVerifiedAt) await sendVerification(existing.id, email);
        else if (existing) {
          const token = await createEmailToken(db, existing.id, 'reset', email);
          await mailer.send(accountExistsMail(email, link('reset-password', token)));
        }
      }
      return c.json({ message: AUTH_MESSAGES.accountCreated }, 201);
    },
  );

  api.route(
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
      await hit(db, LIMITS.signInPerAddress, clientAddress(c, config.trustProxyHops));
      await hit(db, LIMITS.signInPerEmail, email);
      const [user] = await db.select().from(users).where(eq(users.email, email));
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !valid) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
      if (!user.emailVerifiedAt) throw new HttpError(403, AUTH_MESSAGES.emailNotVerified, { code: EMAIL_NOT_VERIFIED });
      const session = await startSession(db, user.id);
      return c.json(await issueTokens(user.id, session.sessionId, session.refreshToken), 200);
    },
  );

  api.route(
    { method: 'post', path: '/auth/resend-verification', summary: 'Send the verification link again', tag, body: resendVerificationSchema, responses: ok() },
    async (c, { body: { email } }) => {
      await limitMail(c, email);
      const [user] = await db.select().from(users).where(and(eq(users.email, email), isNull(users.emailVerifiedAt)));
      if (user) await sendVerification(user.id, email);
      return c.json({ message: AUTH_MESSAGES.verificationSent }, 200);
    },
  );

  api.route(
    {
      method: 'post',
      path: '/auth/verify-email',
      summary: 'Confirm an address from its mailed link (also a changed address)',
      tag,
      body: verifyEmailSchema,
      responses: { ...ok(), 409: errorDoc('The address now belongs to another account') },
    },
    async (c, { body: { token } }) => {
      const used = await consumeEmailToken(db, token, 'verify');
      if (!used) throw badRequest(AUTH_MESSAGES.invalidLink);
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, used.email));
      if (taken && taken.id !== used.userId) throw new HttpError(409, 'This email address is already in use by another account.');
      // A new address replaces the old one only now that it is proven.
      await db
        .update(users)
        .set({
          email: used.email,
          emailVerifiedAt: sql`now()`,
          pendingEmail: sql`case when ${users.pendingEmail} = ${used.email} then null else ${users.pendingEmail} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, used.userId));
      await authCache.userChanged(used.userId);
      return c.json({ message: AUTH_MESSAGES.emailVerified }, 200);
    },
  );

  api.route(
    { method: 'post', path: '/auth/forgotPassword', summary: 'Mail a password reset link', tag, body: forgotPasswordSchema, responses: ok() },
    async (c, { body: { email } }) => {
      await limitMail(c, email);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (user) {
        const token = await createEmailToken(db, user.id, 'reset', email);
        await mailer.send(resetPasswordMail(email, link('reset-password', token)));
      }
      return c.json({ message: AUTH_MESSAGES.resetLinkSent }, 200);
    },
  );

  api.route(
    { method: 'post', path: '/auth/reset-password', summary: 'Set a new password from a mailed link; ends every session', tag, body: resetPasswordSchema, responses: ok() },
    async (c, { body: { token, password } }) => {
      const used = await consumeEmailToken(db, token, 'reset');
      if (!used) throw badRequest(AUTH_MESSAGES.invalidLink);
      // Opening the mailed link also proves the address.
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
        .where(eq(users.id, used.userId));
      await revokeUserSessions(db, used.userId);
      await authCache.userChanged(used.userId);
      return c.json({ message: AUTH_MESSAGES.passwordReset }, 200);
    },
  );

  api.route(
    {
      method: 'post',
      path: '/auth/refresh',
      summary: 'Exchange a refresh token for a new token set; a reused token ends its session',
      tag,
      body: refreshSchema,
      responses: { 200: { description: 'New tokens', schema: tokenSetSchema }, 400: errorDoc('Invalid input'), 401: errorDoc('Session ended') },
    },
    async (c, { body: { refreshToken } }) => {
      const rotated = await rotateRefreshToken(db, refreshToken, async (sessionId) => {
        const [owner] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId));
        if (owner) await authCache.userChanged(owner.userId);
      });
      return c.json(await issueTokens(rotated.userId, rotated.sessionId, rotated.refreshToken), 200);
    },
  );

  api.route(
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
}
