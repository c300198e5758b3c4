import * as z from 'zod/mini';
import { text } from './text.schema';

/** The longest link the preview is asked for (longer addresses are not worth a card). */
export const LINK_MAX_LENGTH = 2000;
export const LINK_TITLE_MAX = 300;
export const LINK_DESCRIPTION_MAX = 1000;

export const LINK_CARD_MESSAGES = {
  badUrl: 'Enter a web address starting with http:// or https://.',
  unreachable: 'That page cannot be reached.',
  notHtml: 'That address is not a web page.',
  tooManyRedirects: 'That page redirects too many times.',
} as const;

/** POST /api/social/link-preview: the link whose card to show. */
export const linkPreviewRequestSchema = z.object({
  url: text('URL', [
    z.trim(),
    z.minLength(1, { error: LINK_CARD_MESSAGES.badUrl }),
    z.maxLength(LINK_MAX_LENGTH, { error: LINK_CARD_MESSAGES.badUrl }),
  ]),
});

/**
 * A link card (app.bsky.embed.external): the link as written in the post, the page's title and description, and the
 * address of its image as recompressed for Bluesky (null when the page has none, or it could not be read).
 */
export const linkCardSchema = z.object({
  uri: z.string().check(z.maxLength(LINK_MAX_LENGTH)),
  title: z.string().check(z.maxLength(LINK_TITLE_MAX)),
  description: z.string().check(z.maxLength(LINK_DESCRIPTION_MAX)),
  thumbUrl: z.nullable(z.string().check(z.maxLength(LINK_MAX_LENGTH))),
});
export type LinkCard = z.infer<typeof linkCardSchema>;

// http(s) only, up to the first space or a character that cannot end a link in prose.
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/i;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The first http(s) link of a post's text, without the punctuation that ends its sentence; null when it has none. */
export function firstLinkOf(content: string): string | null {
  const match = LINK.exec(content);
  if (!match) return null;
  const link = match[0].replace(TRAILING, '');
  try {
    const url = new URL(link);
    return url.hostname.includes('.') || url.hostname === 'localhost' || /^\[.*\]$/.test(url.hostname) ? link : null;
  } catch {
    return null;
  }
}
