import type { Db } from '../db/database';
import type { Mail } from '../mail/mailer';
import type { MailOutbox, OutboxRow } from '../mail/outbox';
import { postFailedMail } from '../mail/templates';
import { type DeliveryRow, deliveryWithOwnerEmail, postScheduleAndOwner } from './delivery.repo';

/** The post's own screen in the app, linked from the mail. */
export const postScreenUrl = (appUrl: string, postId: string) => `${appUrl}/social-media/post/${postId}`;

const excerptOf = (text: string) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one || 'Untitled';
};

/**
 * Records the mail of a scheduled post's delivery that failed for good (a post sent with Post now is watched by the
 * artist, who reads the reason on the screen). The reason is read when the mail is written, so it is the last one.
 */
export async function mailPostFailed(db: Db, outbox: MailOutbox, d: Pick<DeliveryRow, 'id' | 'postId'>): Promise<void> {
  const row = await postScheduleAndOwner(db, d.postId);
  // Scheduled: published by the worker at (or after) its time, not with Post before it.
  if (!row?.scheduled || !row.published || row.published < row.scheduled) return;
  await outbox.enqueue({ kind: 'post-failed', email: row.email, userId: row.userId, deliveryId: d.id }, db);
}

/** Writes a failed post's mail when the worker sends it, to the artist's address of that moment; null when it is gone or posted since. */
export function composePostFailedMail(db: Db, appUrl: string) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    if (!row.deliveryId) return null;
    const found = await deliveryWithOwnerEmail(db, row.deliveryId);
    if (!found || found.d.status !== 'error') return null;
    return postFailedMail(
      found.email,
      { handle: found.d.handle, excerpt: excerptOf(found.d.text), reason: found.d.error ?? '' },
      postScreenUrl(appUrl, found.d.postId),
    );
  };
}
