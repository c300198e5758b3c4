import type { Db } from '../db/database';
import { html } from '../html/html';
import type { Mail } from '../mail/mailer';
import type { MailOutbox, OutboxRow } from '../mail/outbox';
import { plural } from '../../src/schemas/plural';
import { findUser } from '../auth/user.repo';
import { claimOverdueConsignments, overdueMailFacts } from './consignment.repo';

/** The app's screen of consignments, linked from the mail. */
export const consignmentsScreenUrl = (appUrl: string) => `${appUrl}/portfolio/consignments`;

/**
 * Records one mail to the artist for each consignment past its end date (UTC) with works still at the gallery, once:
 * the consignment is marked mailed in the same statement that claims it, so of several instances only one mails it.
 * Answers how many were claimed.
 */
export async function mailOverdueConsignments(db: Db, outbox: MailOutbox, limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimOverdueConsignments(tx, limit);
    for (const c of claimed) {
      const artist = await findUser(tx, c.userId);
      if (artist) await outbox.enqueue({ kind: 'consignment-overdue', email: artist.email, userId: c.userId, consignmentId: c.id }, tx);
    }
    return claimed.length;
  });
}

/** Writes the mail when the worker sends it, to the artist's address of that moment; null when the works came back since. */
export function composeConsignmentOverdueMail(db: Db, appUrl: string) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    if (!row.consignmentId) return null;
    const found = await overdueMailFacts(db, row.consignmentId);
    if (!found || !found.open) return null;
    const link = consignmentsScreenUrl(appUrl);
    const works = plural(found.open, 'work is', 'works are');
    const intro = `Your consignment with ${found.gallery} ended on ${found.endsOn}, and ${works} still there.`;
    const outro = 'Record what sold, return what came back, or agree a new end date with the gallery.';
    return {
      to: found.email,
      subject: `Your consignment with ${found.gallery.replace(/\s+/g, ' ').trim()} has ended`,
      link,
      text: `${intro}\n\n${outro}\n\nYour consignments: ${link}\n`,
      html: html`<p>${intro}</p><p>${outro}</p><p><a href="${link}">Your consignments</a></p>`.toString(),
    };
  };
}
