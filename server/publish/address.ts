import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { Conflict } from '../errors';
import {
  advancePublication,
  deleteSlugRedirect,
  insertFirstPublication,
  lockPublication,
  otherHolderOfSlug,
  redirectSlugTo,
} from './publication.repo';

export { findMovedSlug } from './publication.repo';

/**
 * Addresses no artist may take (docs/decisions.md, 'Their address'): names of the studio's own pages and services,
 * names a portfolio's own paths or a future index of portfolios (/p/new, /p/search) would need, the host names a site
 * would need if portfolios ever moved to <slug>.<studio host>, and names that would speak for the studio.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // The studio's pages and services.
  ...['api', 'app', 'assets', 'static', 'qa', 'p', 'm', 'portfolio', 'portfolios', 'profile', 'journal', 'social-media'],
  ...['login', 'logout', 'sign-in', 'sign-out', 'sign-up', 'signin', 'signup', 'register', 'verify-email', 'reset-password'],
  ...['forgot-password', 'account', 'accounts', 'settings', 'dashboard', 'home', 'oauth', 'auth', 'callback'],
  // A portfolio's paths, and pages listing portfolios.
  ...['artworks', 'collections', 'images', 'inquiry', 'sitemap', 'robots', 'favicon', 'well-known', 'new', 'search'],
  ...['explore', 'discover', 'featured', 'index', 'all', 'null', 'undefined'],
  // Host names.
  ...['www', 'mail', 'smtp', 'imap', 'pop', 'ftp', 'ns1', 'ns2', 'cdn', 'media', 'files', 'status', 'blog', 'docs', 'dev'],
  ...['staging', 'test', 'localhost'],
  // Who speaks for the studio.
  ...['admin', 'administrator', 'root', 'studio', 'artist-studio', 'official', 'staff', 'team', 'support', 'help', 'about'],
  ...['contact', 'security', 'abuse', 'postmaster', 'webmaster', 'hostmaster', 'privacy', 'terms', 'legal', 'billing'],
]);

export const ADDRESS_MESSAGES = {
  reserved: (slug: string) => `The address “${slug}” is kept for the studio’s own use. Please choose another.`,
  taken: (slug: string) => `The address “${slug}” is another artist’s portfolio. Please choose another.`,
} as const;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 10 random base-32 characters (50 bits): an address nobody can guess or enumerate, and a storage folder. */
const randomName = () => {
  for (;;) {
    const name = Array.from(randomBytes(10), (b) => ALPHABET[b & 31]).join('');
    if (!RESERVED_SLUGS.has(name)) return name;
  }
};

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export interface Claimed {
  slug: string;
  /** The images' storage folder: published/<folder>/<version>/. */
  folder: string;
  version: number;
  /** The address the portfolio had until this claim moved it, if it moved. */
  previousSlug: string | null;
}

/**
 * Claims the next version number of the artist's publication (and with it its own image folder), at the address they
 * chose or, with none, the one it has (a random one on the first publish). A new address takes effect at once: the
 * site in place keeps being served there (its images live in the folder, not under the address), and the address it
 * had leads to it from now on. Reserved: 409; another artist's live address: 409 (also when two take it at once).
 * An address that only redirects to another artist's portfolio is free: taking it ends that redirect.
 */
export async function claimVersion(db: Db, userId: string, wanted?: string): Promise<Claimed> {
  if (wanted !== undefined && RESERVED_SLUGS.has(wanted)) throw new Conflict(ADDRESS_MESSAGES.reserved(wanted), { code: 'SLUG_RESERVED' });
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const row = await lockPublication(tx, userId);
        const slug = wanted ?? row?.slug ?? randomName();
        if (wanted !== undefined && wanted !== row?.slug) {
          const holder = await otherHolderOfSlug(tx, wanted, userId);
          if (holder) throw new Conflict(ADDRESS_MESSAGES.taken(wanted), { code: 'SLUG_TAKEN' });
          // Whoever it led from before (this artist's own old address, or another's), it is this portfolio's now.
          await deleteSlugRedirect(tx, wanted);
        }
        if (!row) {
          const folder = randomName();
          await insertFirstPublication(tx, userId, slug, folder);
          return { slug, folder, version: 1, previousSlug: null };
        }
        const moved = slug !== row.slug;
        if (moved) await redirectSlugTo(tx, row.slug, userId);
        const claimed = await advancePublication(tx, userId, slug);
        return { slug, folder: claimed.folder!, version: claimed.version, previousSlug: moved ? row.slug : null };
      });
    } catch (err) {
      // Another artist took the chosen address meanwhile (the next attempt says so), the artist's own first publish ran
      // twice at once (the next attempt finds the row), or two drew the same random name (1 in 2^50): once more.
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}
