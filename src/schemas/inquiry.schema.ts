import * as z from 'zod/mini';
import { emailField } from './fields.schema';
import { pageQueryFields } from './page-query.schema';
import { text } from './text.schema';

export const INQUIRY_NAME_MAX = 100;
export const INQUIRY_MESSAGE_MAX = 5000;
export const INQUIRY_PAGE_SIZE = 20;

/** The fields a buyer fills in on an artwork's public page, by their form names. */
export const INQUIRY_FIELDS = ['name', 'email', 'message'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];
/** The honeypot's name: a field people never see or fill, which form-filling robots do. */
export const INQUIRY_TRAP_FIELD = 'website';

/** A buyer's message about an artwork, as the public form sends it. */
export const inquiryFormSchema = z.object({
  name: text('Name', [
    z.trim(),
    // One line: the name goes into the mail's Reply-To.
    z.overwrite((v) => v.replace(/\s+/g, ' ')),
    z.minLength(1, { error: 'Please enter your name' }),
    z.maxLength(INQUIRY_NAME_MAX, { error: `Your name must be at most ${INQUIRY_NAME_MAX} characters` }),
  ]),
  email: emailField,
  message: text('Message', [
    z.trim(),
    z.minLength(1, { error: 'Please write your message' }),
    z.maxLength(INQUIRY_MESSAGE_MAX, { error: `Your message must be at most ${INQUIRY_MESSAGE_MAX} characters` }),
  ]),
});
export type InquiryForm = z.output<typeof inquiryFormSchema>;

/** An inquiry as the artist reads it in the app. */
export const inquirySchema = z.object({
  inquiryId: z.string(),
  /** Null once the artwork was deleted; the title is kept as it was published. */
  artworkId: z.nullable(z.string()),
  artworkTitle: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdDate: z.string(),
  /** The mail to the artist went out; until then the app is where it is read. */
  mailed: z.boolean(),
  read: z.boolean(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const inquiryPageSchema = z.object({
  items: z.array(inquirySchema),
  nextCursor: z.nullable(z.string()),
  /** Inquiries not yet marked read, over all pages. */
  unreadCount: z.number(),
});
export type InquiryPage = z.infer<typeof inquiryPageSchema>;

export const inquiryQuerySchema = z.object({
  ...pageQueryFields(INQUIRY_PAGE_SIZE),
});
export type InquiryQuery = z.output<typeof inquiryQuerySchema>;

export const INQUIRY_MESSAGES = {
  title: 'Inquiries',
  loading: 'Loading inquiries...',
  error: 'Error loading inquiries. Please try again later.',
  empty: 'No inquiries yet',
  emptyInvitation: "When a visitor writes to you from an artwork's page of your public portfolio, the message appears here.",
  emptyAction: 'Go to Home to publish',
  fetchFailed: 'Failed to fetch inquiries',
  markReadFailed: 'Failed to mark the inquiry as read',
  notMailed: 'Mail not sent yet — shown here so nothing is lost',
} as const;
