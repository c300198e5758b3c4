import type { Db } from '../db/database';
import type { Mail } from '../mail/mailer';
import type { OutboxRow } from '../mail/outbox';
import { inquiryMail } from '../mail/templates';
import { inquiryForMail, markInquiryMailed } from './inquiry.repo';

/** The app's screen of inquiries, linked from each mail. */
export const inquiriesScreenUrl = (appUrl: string) => `${appUrl}/portfolio/inquiries`;

/** Writes an inquiry's mail when the worker sends it, to the artist's address of that moment; null when it is gone. */
export function composeInquiryMail(db: Db, appUrl: string) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    if (!row.inquiryId) return null;
    const found = await inquiryForMail(db, row.inquiryId);
    return found ? inquiryMail(found.artistEmail, found.inquiry, inquiriesScreenUrl(appUrl)) : null;
  };
}

/** After the mail went out: the app shows the inquiry as mailed. */
export const recordInquiryMailed = (db: Db) => async (row: OutboxRow) => {
  if (row.kind === 'inquiry' && row.inquiryId) await markInquiryMailed(db, row.inquiryId);
};
