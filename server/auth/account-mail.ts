import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import type { Mail } from '../mail/mailer';
import type { OutboxRow } from '../mail/outbox';
import {
  accountDeletedMail,
  accountExistsMail,
  addressInUseMail,
  changeEmailMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../mail/templates';
import { createEmailToken } from './email-tokens';

/**
 * Turns what a request recorded into the mail it calls for, when the worker sends it. The request never looked the
 * address up, so its answer and its timing are the same whether or not the address has an account.
 */
export function composeAccountMail(db: Db, appUrl: string) {
  const link = (page: string, token: string) => `${appUrl}/${page}?token=${encodeURIComponent(token)}`;
  const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
  const byId = async (id: string | null) => (id ? (await db.select().from(users).where(eq(users.id, id)))[0] : undefined);
  const resetLink = async (userId: string, email: string) => link('reset-password', await createEmailToken(db, userId, 'reset', email));

  return async (row: OutboxRow): Promise<Mail | null> => {
    switch (row.kind) {
      case 'verify': {
        // A later sign-up with the address replaced this one's password: its own mail carries the link.
        const user = await byId(row.userId);
        if (!user || user.emailVerifiedAt || user.passwordHash !== row.passwordHash) return null;
        return verifyEmailMail(
          row.email,
          link('verify-email', await createEmailToken(db, user.id, 'verify', row.email, user.passwordHash)),
        );
      }
      case 'resend': {
        const user = await byEmail(row.email);
        if (!user || user.emailVerifiedAt) return null;
        return verifyEmailMail(
          row.email,
          link('verify-email', await createEmailToken(db, user.id, 'verify', row.email, user.passwordHash)),
        );
      }
      case 'exists': {
        const user = await byEmail(row.email);
        return user ? accountExistsMail(row.email, await resetLink(user.id, row.email)) : null;
      }
      case 'reset': {
        const user = await byEmail(row.email);
        return user ? resetPasswordMail(row.email, await resetLink(user.id, row.email)) : null;
      }
      case 'change': {
        const user = await byId(row.userId);
        if (!user) return null;
        // Another verified account has the address: its owner hears of the attempt, nothing changes. An unverified
        // claim on it does not stand in the way: proving the mailbox wins over it.
        const [owner] = await db
          .select()
          .from(users)
          .where(and(eq(users.email, row.email), ne(users.id, user.id), isNotNull(users.emailVerifiedAt)));
        if (owner) return addressInUseMail(row.email, await resetLink(owner.id, row.email));
        return changeEmailMail(row.email, link('verify-email', await createEmailToken(db, user.id, 'verify', row.email)));
      }
      case 'deleted':
        // The account is gone; the address it had hears so once.
        return accountDeletedMail(row.email);
      case 'inquiry':
      case 'post-failed':
      case 'consignment-overdue':
        // Not an account's mail: composeInquiryMail (server/inquiries), composePostFailedMail (server/social) and
        // composeConsignmentOverdueMail (server/consignments) write them.
        return null;
    }
  };
}
