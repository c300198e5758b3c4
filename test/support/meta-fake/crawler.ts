import robotsParser from 'robots-parser';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_FAILURES, type MediaFailure } from './graph-errors';

/** The user agent Meta's crawler fetches as (and the one robots.txt rules are matched against). */
export const CRAWLER_AGENT = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const ROBOTS_AGENT = 'facebookexternalhit';
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

export interface CrawlRecord {
  url: string;
  /** What robots.txt said: allowed, disallowed, or 'unreachable' (which forbids all, as RFC 9309 says). */
  robots: 'allowed' | 'disallowed' | 'unreachable';
  status?: number;
  contentType?: string;
  bytes?: number;
  failure?: MediaFailure;
}

export type CrawlResult = { ok: true; bytes: Buffer; width: number; height: number } | { ok: false; failure: MediaFailure };

/** What the fetched bytes must be: an Instagram image, a Reel's video, or a Facebook photo. */
export type CrawlRules = 'instagram-image' | 'instagram-video' | 'facebook-photo';

/**
 * Fetches media the way Meta does for `image_url`, `video_url` and a Page photo's `url`: from the address itself, after
 * reading that host's robots.txt (a disallowed path, or a robots.txt that cannot be read, is a failed fetch), then
 * checks the bytes as Instagram does (JPEG, at most 8 MiB, aspect ratio 4:5 to 1.91:1).
 */
export async function crawl(url: string, rules: CrawlRules, log: CrawlRecord[]): Promise<CrawlResult> {
  const record: CrawlRecord = { url, robots: 'allowed' };
  log.push(record);
  const fail = (failure: MediaFailure): CrawlResult => {
    record.failure = failure;
    return { ok: false, failure };
  };
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return fail(MEDIA_FAILURES.fetch);
  } catch {
    return fail(MEDIA_FAILURES.fetch);
  }
  record.robots = await robotsVerdict(target);
  if (record.robots !== 'allowed') return fail(MEDIA_FAILURES.fetch);

  let bytes: Buffer;
  try {
    const res = await fetch(target, { headers: { 'user-agent': CRAWLER_AGENT }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    record.status = res.status;
    record.contentType = res.headers.get('content-type') ?? undefined;
    if (!res.ok) {
      await res.body?.cancel();
      return fail(MEDIA_FAILURES.fetch);
    }
    bytes = Buffer.from(await res.arrayBuffer());
    record.bytes = bytes.length;
  } catch (err) {
    return fail((err as Error).name === 'TimeoutError' ? MEDIA_FAILURES.timeout : MEDIA_FAILURES.fetch);
  }

  if (rules === 'instagram-video') {
    // MP4 and MOV both start with an ftyp box.
    return bytes.subarray(4, 8).toString('latin1') === 'ftyp' ? { ok: true, bytes, width: 0, height: 0 } : fail(MEDIA_FAILURES.video);
  }
  if (rules === 'instagram-image' && bytes.length > MAX_IMAGE_BYTES) return fail(MEDIA_FAILURES.tooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return fail(MEDIA_FAILURES.format);
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (rules === 'facebook-photo') {
    return ['jpeg', 'png', 'gif', 'tiff'].includes(meta.format ?? '') ? { ok: true, bytes, width, height } : fail(MEDIA_FAILURES.format);
  }
  if (meta.format !== 'jpeg') return fail(MEDIA_FAILURES.format);
  const ratio = width / height;
  if (!(ratio >= 4 / 5 - 1e-9 && ratio <= 1.91 + 1e-9)) return fail(MEDIA_FAILURES.ratio);
  return { ok: true, bytes, width, height };
}

/** robots.txt of the media's host, read afresh: missing (4xx) allows all, unreadable (5xx, no answer) forbids all. */
async function robotsVerdict(target: URL): Promise<CrawlRecord['robots']> {
  const robotsUrl = new URL('/robots.txt', target.origin).toString();
  try {
    const res = await fetch(robotsUrl, { headers: { 'user-agent': CRAWLER_AGENT }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (res.status >= 400 && res.status < 500) return 'allowed';
    if (!res.ok) return 'unreachable';
    const robots = robotsParser(robotsUrl, await res.text());
    return robots.isAllowed(target.toString(), ROBOTS_AGENT) === false ? 'disallowed' : 'allowed';
  } catch {
    return 'unreachable';
  }
}

/** Instagram keeps an image 320-1440 px wide, scaling it when it is narrower or wider. */
export const storedWidth = (width: number) => Math.min(1440, Math.max(320, width));
