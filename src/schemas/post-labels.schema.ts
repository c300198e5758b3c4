import * as z from 'zod/mini';
import { BCP47, LANG_TAG_MESSAGE } from './lang-tag.schema';

/**
 * Bluesky self-labels a post with media can carry (com.atproto.label.defs#selfLabels). As in Bluesky's own app, a
 * post carries at most one adult label (they are degrees of one thing) and, besides it, Graphic media.
 */
export const ADULT_LABELS = ['nudity', 'sexual', 'porn'] as const;
export const CONTENT_LABELS = [...ADULT_LABELS, 'graphic-media'] as const;
export type ContentLabel = (typeof CONTENT_LABELS)[number];
export type AdultLabel = (typeof ADULT_LABELS)[number];

/** Each label's name and its one-line explanation, as the editors show them. */
export const LABEL_TEXTS: Record<ContentLabel, { name: string; hint: string }> = {
  nudity: { name: 'Nudity', hint: 'Non-sexual nudity, such as figure drawing, life studies or classical nudes.' },
  sexual: { name: 'Sexual', hint: 'Sexually suggestive, without explicit sexual activity.' },
  porn: { name: 'Adult', hint: 'Explicit sexual activity (pornography).' },
  'graphic-media': { name: 'Graphic media', hint: 'Violence, blood, gore or injury that some would not want to see.' },
};

export const LABEL_MESSAGES = {
  unknown: `A content label is one of ${CONTENT_LABELS.join(', ')}`,
  oneAdult: 'Choose at most one of Nudity, Sexual and Adult',
  /** Why the editor offers no labels yet: Bluesky labels a post's images or video. */
  needsMedia: 'Labels describe images or video: add one to label this post.',
} as const;

const isLabel = (v: string) => (CONTENT_LABELS as readonly string[]).includes(v);

/** A set of labels: known values, each once, at most one adult label (messages under the field, not an item). */
export const labelsRule = z.array(z.string()).check(
  z.refine((v) => v.every(isLabel), { error: LABEL_MESSAGES.unknown }),
  z.refine((v) => new Set(v).size === v.length, { error: 'Each content label at most once' }),
  z.refine((v) => v.filter((l) => (ADULT_LABELS as readonly string[]).includes(l)).length <= 1, { error: LABEL_MESSAGES.oneAdult }),
);

/** The adult label of a set, or null. */
export const adultLabelOf = (labels: readonly string[]): AdultLabel | null =>
  (labels.find((l) => (ADULT_LABELS as readonly string[]).includes(l)) as AdultLabel | undefined) ?? null;

/** The set with its adult label replaced (null: none), Graphic media kept. */
export const withAdultLabel = (labels: readonly string[], adult: AdultLabel | null): ContentLabel[] =>
  [...(adult ? [adult] : []), ...labels.filter((l) => l === 'graphic-media')] as ContentLabel[];

/** The set with Graphic media on or off, the adult label kept. */
export const withGraphicMedia = (labels: readonly string[], on: boolean): ContentLabel[] =>
  [...labels.filter((l) => l !== 'graphic-media'), ...(on ? ['graphic-media'] : [])] as ContentLabel[];

/** Bluesky takes at most three languages per post. */
export const MAX_POST_LANGS = 3;

/** The languages the editors offer, by BCP-47 tag, with their names in English and their own. */
export const POST_LANGUAGES: { tag: string; name: string }[] = [
  { tag: 'en', name: 'English' },
  { tag: 'es', name: 'Spanish (Español)' },
  { tag: 'pt', name: 'Portuguese (Português)' },
  { tag: 'fr', name: 'French (Français)' },
  { tag: 'de', name: 'German (Deutsch)' },
  { tag: 'it', name: 'Italian (Italiano)' },
  { tag: 'nl', name: 'Dutch (Nederlands)' },
  { tag: 'pl', name: 'Polish (Polski)' },
  { tag: 'sv', name: 'Swedish (Svenska)' },
  { tag: 'da', name: 'Danish (Dansk)' },
  { tag: 'fi', name: 'Finnish (Suomi)' },
  { tag: 'no', name: 'Norwegian (Norsk)' },
  { tag: 'cs', name: 'Czech (Čeština)' },
  { tag: 'uk', name: 'Ukrainian (Українська)' },
  { tag: 'ru', name: 'Russian (Русский)' },
  { tag: 'tr', name: 'Turkish (Türkçe)' },
  { tag: 'el', name: 'Greek (Ελληνικά)' },
  { tag: 'ar', name: 'Arabic (العربية)' },
  { tag: 'he', name: 'Hebrew (עברית)' },
  { tag: 'hi', name: 'Hindi (हिन्दी)' },
  { tag: 'id', name: 'Indonesian (Bahasa Indonesia)' },
  { tag: 'th', name: 'Thai (ไทย)' },
  { tag: 'vi', name: 'Vietnamese (Tiếng Việt)' },
  { tag: 'zh', name: 'Chinese (中文)' },
  { tag: 'ja', name: 'Japanese (日本語)' },
  { tag: 'ko', name: 'Korean (한국어)' },
];
export const DEFAULT_POST_LANGUAGE = 'en';

export const languageName = (tag: string) => POST_LANGUAGES.find((l) => l.tag === tag)?.name ?? tag;

export const LANG_MESSAGES = {
  bad: LANG_TAG_MESSAGE,
  tooMany: `At most ${MAX_POST_LANGS} languages`,
  none: 'Choose at least one language',
} as const;

/** A post's languages: one to three, each once (messages under the field, not an item). */
export const langsRule = z.array(z.string()).check(
  z.refine((v) => v.every((l) => BCP47.test(l)), { error: LANG_MESSAGES.bad }),
  z.minLength(1, { error: LANG_MESSAGES.none }),
  z.maxLength(MAX_POST_LANGS, { error: LANG_MESSAGES.tooMany }),
  z.refine((v) => new Set(v).size === v.length, { error: 'Each language at most once' }),
);

/** The first of the browser's languages the editors offer ('pt-BR' -> 'pt'), else English: the default before the artist chooses. */
export function browserLanguage(languages: readonly string[] | undefined): string {
  for (const l of languages ?? []) {
    const primary = l.split('-')[0].toLowerCase();
    if (POST_LANGUAGES.some((p) => p.tag === primary)) return primary;
  }
  return DEFAULT_POST_LANGUAGE;
}
