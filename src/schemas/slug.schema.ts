import * as z from 'zod/mini';
import { text } from './text.schema';

/** The portfolio's address, /p/<slug>: chosen by the artist, or made by the first publish when they choose none. */
export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

export const SLUG_MESSAGES = {
  length: `The address must be ${SLUG_MIN} to ${SLUG_MAX} characters`,
  characters: 'Use lowercase letters, digits and hyphens only, with no hyphen at the start or end and never two in a row',
} as const;

/** Lowercase letters and digits in words joined by single hyphens ('ada-lovelace', 'studio-2026'). */
export const SLUG_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An address as the artist types it: spaces around it and capitals are forgiven, anything else is refused. */
export const slugField = text(
  'Address',
  [
    z.trim(),
    z.toLowerCase(),
    z.minLength(SLUG_MIN, { error: SLUG_MESSAGES.length }),
    z.maxLength(SLUG_MAX, { error: SLUG_MESSAGES.length }),
    z.regex(SLUG_SHAPE, { error: SLUG_MESSAGES.characters }),
  ],
  { error: SLUG_MESSAGES.length },
);

/** Whether a text (from an address) could be a slug at all: anything else finds no portfolio without a query. */
export const isSlugShaped = (value: string) => value.length >= SLUG_MIN && value.length <= SLUG_MAX && SLUG_SHAPE.test(value);
