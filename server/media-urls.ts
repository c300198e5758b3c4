import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImageSize } from '../src/schemas/media.schema';

export type MediaSize = ImageSize | 'original';

/** What a signed media address points at: one media file, whichever image is an artwork's primary, or a post's file. */
export type MediaSubject = { mediaId: string } | { artworkId: string } | { postMediaId: string };

const HOUR = 3600;
const CONTEXT = 'media-url.v1';

const subjectOf = (s: MediaSubject) =>
  'mediaId' in s ? `media:${s.mediaId}` : 'artworkId' in s ? `artwork-primary:${s.artworkId}` : `post-media:${s.postMediaId}`;

const pathOf = (s: MediaSubject) =>
  'mediaId' in s
    ? `/api/media/${s.mediaId}`
    : 'artworkId' in s
      ? `/api/artwork/${s.artworkId}/media/primary`
      : `/api/social-media/media/${s.postMediaId}`;

/**
 * Signed, expiring addresses of media bytes, usable where no bearer token can be sent (<img>, <video>). The signature
 * binds the file (or the artwork's primary), the size and the expiry. Expiry is rounded up to a whole hour at least an
 * hour away, so an address stays the same for an hour and browsers can cache what it answers.
 */
export function createMediaUrls(key: string, now: () => number = Date.now) {
  const mac = (subject: MediaSubject, size: MediaSize, exp: number) =>
    createHmac('sha256', key)
      .update(`${CONTEXT}|${subjectOf(subject)}|${size}|${exp}`)
      .digest('base64url');

  const expiry = () => (Math.floor(now() / 1000 / HOUR) + 2) * HOUR;

  const sign = (subject: MediaSubject, size: MediaSize = 'original') => {
    const exp = expiry();
    const path = pathOf(subject);
    const query = new URLSearchParams({ ...(size === 'original' ? {} : { size }), exp: String(exp), sig: mac(subject, size, exp) });
    return `${path}?${query}`;
  };

  return {
    /** `/api/media/<id>?size=..&exp=..&sig=..` (no size: the original file). */
    media: (mediaId: string, size: MediaSize = 'original') => sign({ mediaId }, size),
    /** `/api/artwork/<id>/media/primary?size=..&exp=..&sig=..`. */
    primary: (artworkId: string, size: MediaSize = 'original') => sign({ artworkId }, size),
    /** `/api/social-media/media/<id>?size=..&exp=..&sig=..`: a post's file ('preview' for an image's small WebP). */
    postMedia: (postMediaId: string, size: MediaSize = 'original') => sign({ postMediaId }, size),
    /** Whether exp and sig are a genuine, unexpired signature of subject and size. */
    verify(subject: MediaSubject, size: MediaSize, exp: string | undefined, sig: string | undefined): boolean {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= now()) return false;
      const expected = Buffer.from(mac(subject, size, Number(exp)));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type MediaUrls = ReturnType<typeof createMediaUrls>;
