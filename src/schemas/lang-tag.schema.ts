import * as z from 'zod/mini';

/**
 * A language tag as posts and the profile's post language use them. Its own small file: the profile's schema is read
 * by the sign-in screen's first script, which should not carry the posts' labels and languages with it.
 */
export const LANG_TAG_MESSAGE = 'A language is a BCP-47 tag such as en or pt-BR';

/** A well-formed BCP-47 tag as posts use them: a language subtag, then optional script/region subtags ('pt-BR'). */
export const BCP47 = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export const langField = z.string().check(z.regex(BCP47, { error: LANG_TAG_MESSAGE }));
