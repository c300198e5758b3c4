import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { consignmentItems, consignments, contacts, users } from '../db/schema';
import { html } from '../html/html';
import type { Mail } from '../mail/mailer';
import type { MailOutbox, OutboxRow } from '../mail/outbox';

/** The app's screen of consignments, linked from the mail. */
export const consignmentsScreenUrl = (appUrl: string) => `${appUrl}/portfolio/consignments`;

/** Works still at the gallery: neither returned nor sold through it. */
const stillOut = sql`exists (select 1 from ${consignmentItems} i where i.consignment_id = ${consignments.id} and i.returned_at is null and i.sale_id is null)`;

/**
 * Records one mail to the artist for each consignment past its end date (UTC) with works still at the gallery, once:
 * the consignment is marked mailed in the same statement that claims it, so of several instances only one mails it.
 * Answers how many were claimed.
 */
export async function mailOverdueConsignments(db: Db, outbox: MailOutbox, limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: consignments.id })
      .from(consignments)
      .where(and(isNull(consignments.overdueMailedAt), sql`${consignments.endsOn} < (now() at time zone 'utc')::date`, stillOut))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(consignments)
      .set({ overdueMailedAt: sql`now()` })
      .where(sql`${consignments.id} = any(array(${due}))`)
      .returning({ id: consignments.id, userId: consignments.userId });
    for (const c of claimed) {
      const [artist] = await tx.select({ email: users.email }).from(users).where(eq(users.id, c.userId));
      if (artist) await outbox.enqueue({ kind: 'consignment-overdue', email: artist.email, userId: c.userId, consignmentId: c.id }, tx);
    }
    return claimed.length;
  });
}

/** Writes the mail when the worker sends it, to the artist's address of that moment; null when the works came back since. */
export function composeConsignmentOverdueMail(db: Db, appUrl: string) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    if (!row.consignmentId) return null;
    const [found] = await db
      .select({
        endsOn: consignments.endsOn,
        gallery: contacts.name,
        email: users.email,
        open: sql<number>`(select count(*)::int from ${consignmentItems} i where i.consignment_id = ${consignments.id} and i.returned_at is null and i.sale_id is null)`,
      })
      .from(consignments)
      .innerJoin(contacts, eq(contacts.id, consignments.contactId))
      .innerJoin(users, eq(users.id, consignments.userId))
      .where(eq(consignments.id, row.consignmentId));
    if (!found || !found.open) return null;
    const link = consignmentsScreenUrl(appUrl);
    const works = found.open === 1 ? '1 work is' : `${found.open} works are`;
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
