import * as z from 'zod/mini';

/** NUL and the other C0 controls except tab and newline: the database cannot store NUL, and none belongs in text. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
const CONTROL = /[\u0000-\u0008\u000B-\u001F]/;
/** Half of a surrogate pair on its own: not a character at all, and not valid UTF-8 once stored. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSavableText = (value: string) => !CONTROL.test(value) && !LONE_SURROGATE.test(value);

export const cannotSaveMessage = (label: string) => `${label} contains characters that cannot be saved.`;

/**
 * The checks every string from outside goes through first: control characters and lone surrogates are refused with
 * the field's own message, then the text is normalised to NFC (so 'é' typed two ways is stored, searched and
 * compared as one).
 */
export const savableText = (label: string) => [...savableCharacters(label), z.normalize('NFC')] as const;

/**
 * The character check alone, for secrets compared byte for byte: a password is hashed as it was typed, so
 * normalising it now would lock out an artist whose keyboard produced the other form when they chose it.
 */
export const savableCharacters = (label: string) =>
  [z.refine<string>(isSavableText, { error: cannotSaveMessage(label), abort: true })] as const;

type StringCheck = Parameters<ReturnType<typeof z.string>['check']>[number];

/** A string field of user text: the savable-text checks, then the field's own. */
export const text = (label: string, checks: StringCheck[] = [], params?: Parameters<typeof z.string>[0]) =>
  z.string(params).check(...savableText(label), ...checks);
