import * as z from 'zod/mini';
import { text } from './text.schema';

/*
 * What the artist says about themselves on their public site: a bio or statement, a website and where to reach them.
 * Each may be empty (then the site shows nothing for it). Saved with the profile (POST /user), published with the site.
 */

/** An artist's statement runs to a few hundred words; this leaves room for a long one. */
export const BIO_MAX = 3000;
export const WEBSITE_MAX = 300;

export const SITE_PROFILE_MESSAGES = {
  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
  website: 'Enter a web address like https://example.com',
  websiteTooLong: `Website must be at most ${WEBSITE_MAX} characters`,
  email: 'Enter a valid email address',
  instagram: 'Enter an Instagram username like @studio.name',
  bluesky: 'Enter a Bluesky handle like @name.bsky.social',
} as const;

/** Empty, or what `rule` accepts: every one of these fields may be left blank. */
const blankOr = (rule: (value: string) => boolean) => (value: string) => value === '' || rule(value);

/** A web page of the artist's own: http(s) with a dotted host; typed without a scheme ('ada.art'), https:// is added. */
export function isWebsite(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[\s<>"'`]/.test(value)) return false;
  try {
    const url = new URL(value);
    return /\.[a-z]{2,}$/i.test(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

const INSTAGRAM = /^[a-z0-9._]{1,30}$/;
/** A Bluesky handle: a domain name (labels of letters, digits and hyphens; the last one starts with a letter). */
const BLUESKY = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

export const bioField = text('Bio', [z.trim(), z.maxLength(BIO_MAX, { error: SITE_PROFILE_MESSAGES.bioTooLong })]);

export const websiteField = text('Website', [
  z.trim(),
  z.maxLength(WEBSITE_MAX, { error: SITE_PROFILE_MESSAGES.websiteTooLong }),
  z.overwrite((v: string) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v)),
  z.refine(blankOr(isWebsite), { error: SITE_PROFILE_MESSAGES.website }),
]);

/** The address visitors may write to: shown on the site, so never the account's own unless the artist types it here. */
export const contactEmailField = text('Contact email', [
  z.trim(),
  z.toLowerCase(),
  z.maxLength(254, { error: 'Contact email must be at most 254 characters' }),
  z.refine(
    blankOr((v) => z.regexes.email.test(v)),
    { error: SITE_PROFILE_MESSAGES.email },
  ),
]);

/** An Instagram username, kept without its '@' (Instagram's are lower case: 1-30 letters, digits, '.' and '_'). */
export const instagramField = text('Instagram', [
  z.trim(),
  z.toLowerCase(),
  z.overwrite((v: string) => v.replace(/^@/, '')),
  z.refine(
    blankOr((v) => INSTAGRAM.test(v)),
    { error: SITE_PROFILE_MESSAGES.instagram },
  ),
]);

/** A Bluesky handle, kept without its '@'. */
export const blueskyField = text('Bluesky', [
  z.trim(),
  z.toLowerCase(),
  z.overwrite((v: string) => v.replace(/^@/, '')),
  z.refine(
    blankOr((v) => BLUESKY.test(v)),
    { error: SITE_PROFILE_MESSAGES.bluesky },
  ),
]);

/** The public profile's fields, as POST /user takes them: each left out stays as it was. */
export const siteProfileUpdate = {
  bio: z.optional(bioField),
  website: z.optional(websiteField),
  contactEmail: z.optional(contactEmailField),
  instagram: z.optional(instagramField),
  bluesky: z.optional(blueskyField),
};

export type SiteProfileFields = { bio: string; website: string; contactEmail: string; instagram: string; bluesky: string };
export const SITE_PROFILE_FIELDS = ['bio', 'website', 'contactEmail', 'instagram', 'bluesky'] as const;
export const EMPTY_SITE_PROFILE: SiteProfileFields = { bio: '', website: '', contactEmail: '', instagram: '', bluesky: '' };
/** The public profile's fields of a user as the API answers it ('' for each it does not carry). */
export const siteProfileOf = (user: Partial<SiteProfileFields> | null | undefined): SiteProfileFields => ({
  bio: user?.bio ?? '',
  website: user?.website ?? '',
  contactEmail: user?.contactEmail ?? '',
  instagram: user?.instagram ?? '',
  bluesky: user?.bluesky ?? '',
});

/** Where each handle's profile is on the web. */
export const instagramUrl = (username: string) => `https://www.instagram.com/${username}/`;
export const blueskyUrl = (handle: string) => `https://bsky.app/profile/${handle}`;
