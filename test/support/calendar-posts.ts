import type { PostResponse, SocialPost } from '../../src/schemas/social.schema';

/** The artist lives in New York; "now" is Wednesday 11/18/2026 12:00 PM there (17:00 UTC). */
export const TZ = 'America/New_York';
export const NOW = Date.UTC(2026, 10, 18, 17, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let next = 0;
export function post(extra: Partial<SocialPost> = {}): SocialPost {
  next += 1;
  return {
    userId: 'u1',
    postId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    dateCreated: Date.UTC(2026, 9, 1, 12, 0),
    content: `Post number ${next}`,
    accounts: [{ platform: 'bluesky', handle: 'alice.bsky.social' }],
    responses: [],
    isDraft: true,
    ...extra,
  };
}

export const response = (postStatus: PostResponse['postStatus'], extra: Partial<PostResponse> = {}): PostResponse => ({
  platform: 'bluesky',
  handle: 'alice.bsky.social',
  text: 'Text as sent',
  postUrl: postStatus === 'posted' ? 'https://bsky.app/profile/alice.bsky.social/post/3kabc' : '',
  postStatus,
  ...extra,
});

/** Published Monday 11/16/2026 10:30 AM New York; its text is longer than an excerpt. */
export const PUBLISHED_NOV = post({
  isDraft: false,
  datePublished: Date.UTC(2026, 10, 16, 15, 30),
  content: 'A new series of watercolours of the harbour at dawn, painted over three cold weeks this autumn, now framed and ready.',
  responses: [response('posted')],
});
/** Published 10/05/2026 09:00 AM New York, and refused by Bluesky. */
export const PUBLISHED_OCT = post({
  isDraft: false,
  datePublished: Date.UTC(2026, 9, 5, 13, 0),
  content: 'Studio sale this weekend',
  responses: [response('error', { postError: 'The Bluesky session was refused.' })],
});
/** Published 12/01/2026 02:00 AM UTC: still Monday 11/30/2026 09:00 PM in New York. */
export const LATE_NOV = post({
  isDraft: false,
  datePublished: Date.UTC(2026, 11, 1, 2, 0),
  content: 'Late night sketch',
  responses: [response('posted')],
});
export const UNSCHEDULED = post({ content: 'Idea for the next post' });
/** Scheduled for Friday 11/20/2026 09:00 AM New York: two days off. */
export const SCHEDULED_FAR = post({ dateScheduled: Date.UTC(2026, 10, 20, 14, 0), content: 'Opening night' });
/** Scheduled a minute from now. */
export const DUE = post({ dateScheduled: NOW + MINUTE, content: 'Going out in a minute' });
/** Published ten seconds ago, its delivery still pending. */
export const PENDING = post({ isDraft: false, datePublished: NOW - 10_000, content: 'Just published', responses: [response('pending')] });

/** The same posts once the server has done its work. */
export const DUE_WENT_OUT: SocialPost = { ...DUE, isDraft: false, datePublished: NOW + MINUTE, responses: [response('posted')] };
export const PENDING_POSTED: SocialPost = { ...PENDING, responses: [response('posted')] };

export const SETTLED = [UNSCHEDULED, LATE_NOV, PUBLISHED_NOV, PUBLISHED_OCT];
export const UPCOMING = [SCHEDULED_FAR, PUBLISHED_NOV];
export const AWAITING = [DUE, PENDING, PUBLISHED_NOV];
export const WENT_OUT = [DUE_WENT_OUT, PENDING_POSTED, PUBLISHED_NOV];
export { DAY, MINUTE };

// Oracles written with Intl alone, independent of the app's date code.
const parts = (epoch: number, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: TZ, ...options }).formatToParts(epoch).map((p) => [p.type, p.value]));

/** 'MM/dd/yyyy hh:mm a' in New York. */
export function nyDateTime(epoch: number) {
  const p = parts(epoch, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true });
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}
/** 'MM/dd/yyyy' in New York. */
export function nyDate(epoch: number) {
  const p = parts(epoch, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.month}/${p.day}/${p.year}`;
}
export const nyWeekday = (epoch: number) => parts(epoch, { weekday: 'long' }).weekday;
export const nyMonthYear = (epoch: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: TZ, month: 'long', year: 'numeric' }).format(epoch);
