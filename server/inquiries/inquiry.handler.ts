import { INQUIRY_FIELDS, INQUIRY_TRAP_FIELD, inquiryFormSchema } from '../../src/schemas/inquiry.schema';
import { hit, networkOf, type Limit } from '../auth/rate-limit';
import type { AppDeps } from '../context';
import { RateLimited } from '../errors';
import { findPublishedArtwork } from '../publish/published-artwork';
import { findPublication } from '../publish/publish.service';
import { EMPTY_INQUIRY, type InquiryErrors, type InquiryValues } from './inquiry.form';
import { insertInquiry } from './inquiry.repo';

/**
 * A buyer may write about a few artworks in a sitting; a robot that gets past the honeypot writes no more than that.
 * An artist under a flood from many addresses gets at most a few dozen an hour, and the flood's senders hear so. An
 * IPv6 sender counts by its /64 (networkOf).
 */
export const INQUIRY_LIMITS = {
  perAddress: { name: 'inquiry:ip', max: 5, windowSeconds: 15 * 60 },
  perArtist: { name: 'inquiry:artist', max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export const INQUIRY_FAILURES = {
  notFound: 'This artwork is not on the public portfolio (any more). Please check the link you were given.',
  tooManyFromHere: (minutes: number) =>
    `Too many messages were sent from your connection in a short time. Please try again in ${minutes} minute(s); your message is kept below.`,
  tooManyForArtist: (minutes: number) =>
    `This artist has received many messages in a short time. Please try again in ${minutes} minute(s); your message is kept below.`,
  invalid: 'Please correct the fields marked below.',
} as const;

/** The query the artwork page is sent back with once the message is in (Post/Redirect/Get). */
export const INQUIRY_SENT_QUERY = 'inquiry=sent';

export interface InquiryRequest {
  slug: string;
  artworkId: string;
  form: FormData;
  /** The client's address (clientAddress), for the rate limit. */
  ip: string;
  /** The artwork's page on this site, to come back to once sent; by default /p/<slug>/artworks/<artworkId>. */
  page?: string;
}

export interface InquiryOutcome {
  /** 303: sent, go to `location`; 400: refused fields; 404: no such published artwork; 429: too many, try later. */
  status: 303 | 400 | 404 | 429;
  /** What the buyer typed, to show again in the form whatever happened. */
  values: InquiryValues;
  errors: InquiryErrors;
  sent: boolean;
  /** With 303: the artwork's page with INQUIRY_SENT_QUERY, at the form (#inquiry). */
  location?: string;
  /** With 429. */
  retryAfterSeconds?: number;
  /** The artist's name as published ('' when none or not found), for the form's texts. */
  artist: string;
  /** The artwork's title as published ('' when not found). */
  artworkTitle: string;
}

const valuesOf = (form: FormData): InquiryValues => {
  const values = { ...EMPTY_INQUIRY };
  for (const name of INQUIRY_FIELDS) {
    const v = form.get(name);
    // A browser sends a textarea's line breaks as CR LF (HTML's form encoding); the text is kept with LF alone.
    if (typeof v === 'string') values[name] = v.replace(/\r\n?/g, '\n');
  }
  return values;
};

const minutes = (seconds: number | undefined) => Math.max(1, Math.ceil((seconds ?? 60) / 60));

/**
 * A buyer's message from an artwork's public page. Only an artwork of the artist's live snapshot takes one. A filled
 * honeypot is answered as a success and nothing is kept. Otherwise the inquiry and its mail are written in one
 * transaction, so mail that is down loses nothing: the outbox retries, and the app shows the inquiry meanwhile.
 */
export async function handleInquiry(deps: Pick<AppDeps, 'db' | 'outbox'>, req: InquiryRequest): Promise<InquiryOutcome> {
  const values = valuesOf(req.form);
  const found = await findPublication(deps.db, req.slug);
  const artwork = found ? findPublishedArtwork(found.snapshot, req.artworkId) : null;
  if (!found || !artwork) {
    return { status: 404, values, errors: { form: INQUIRY_FAILURES.notFound }, sent: false, artist: '', artworkTitle: '' };
  }
  const answer = { values, artist: found.snapshot.artist, artworkTitle: artwork.title };
  const sentTo = `${req.page ?? `/p/${req.slug}/artworks/${artwork.id}`}?${INQUIRY_SENT_QUERY}#inquiry`;

  const trap = req.form.get(INQUIRY_TRAP_FIELD);
  if (typeof trap === 'string' && trap !== '') return { ...answer, status: 303, errors: {}, sent: true, location: sentTo };

  const parsed = inquiryFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: InquiryErrors = { form: INQUIRY_FAILURES.invalid };
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof InquiryErrors;
      errors[field] ??= issue.message;
    }
    return { ...answer, status: 400, errors, sent: false };
  }

  // Counted once the message is one that would be kept: a buyer correcting a field spends nothing.
  let limit: Limit = INQUIRY_LIMITS.perAddress;
  try {
    await hit(deps.db, limit, networkOf(req.ip));
    limit = INQUIRY_LIMITS.perArtist;
    await hit(deps.db, limit, found.userId);
  } catch (err) {
    if (!(err instanceof RateLimited)) throw err;
    const retryAfterSeconds = err.details.retryAfterSeconds;
    const message = limit === INQUIRY_LIMITS.perAddress ? INQUIRY_FAILURES.tooManyFromHere : INQUIRY_FAILURES.tooManyForArtist;
    return { ...answer, status: 429, errors: { form: message(minutes(retryAfterSeconds)) }, sent: false, retryAfterSeconds };
  }

  const stored = await deps.db.transaction(async (tx) => {
    const inquiry = await insertInquiry(tx, { userId: found.userId, artworkId: artwork.id, artworkTitle: artwork.title, ...parsed.data });
    if (inquiry)
      await deps.outbox.enqueue({ kind: 'inquiry', email: inquiry.artistEmail, userId: found.userId, inquiryId: inquiry.id }, tx);
    return inquiry;
  });
  // The artist's account went away between the two reads: nobody is left to write to.
  if (!stored) return { status: 404, values, errors: { form: INQUIRY_FAILURES.notFound }, sent: false, artist: '', artworkTitle: '' };
  // Woken again once committed: the wake-up inside the transaction may have looked before the row was there.
  deps.outbox.enqueued();
  return { ...answer, status: 303, errors: {}, sent: true, location: sentTo };
}
