import * as z from 'zod/mini';
import { savableCharacters, savableText } from './text.schema';

/** An e-mail address field: trimmed, lower-cased, required. */
export const emailField = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(
      ...savableText('Email'),
      z.trim(),
      z.minLength(1, { error: 'Email is required' }),
      z.maxLength(254, { error: 'Email must be at most 254 characters' }),
      z.toLowerCase(),
    ),
  z.email({ error: 'Enter a valid email address' }),
);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The password policy, each rule with the message shown under the field. */
export const passwordField = z
  .string({ error: 'Password is required' })
  .check(
    ...savableCharacters('Password'),
    z.minLength(1, { error: 'Password is required' }),
    z.minLength(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` }),
    z.maxLength(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
    z.regex(/[a-z]/, { error: 'Password must contain a lowercase letter' }),
    z.regex(/[A-Z]/, { error: 'Password must contain an uppercase letter' }),
    z.regex(/[0-9]/, { error: 'Password must contain a number' }),
  );

/** A password typed to prove identity: only required, never checked against the policy. */
export const currentPasswordField = (message = 'Password is required', label = 'Password') =>
  z
    .string({ error: message })
    .check(...savableCharacters(label), z.minLength(1, { error: message }), z.maxLength(PASSWORD_MAX, { error: message }));

/**
 * Adds an issue at `path` when `ok` is false; for rules across fields. It runs even when single fields are
 * invalid (so every message shows at once), but only on an object.
 */
export const crossFieldRule = <T>(ok: (value: T) => boolean, message: string, path: string) =>
  z.refine<T>(ok, {
    error: message,
    path: [path],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
  });
