import { z } from 'zod';

/** An e-mail address field: trimmed, lower-cased, required. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required', abort: true })
  .max(254, { error: 'Email must be at most 254 characters', abort: true })
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((email) => email.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The password policy, each rule with the message shown under the field. */
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` })
  .regex(/[a-z]/, { error: 'Password must contain a lowercase letter' })
  .regex(/[A-Z]/, { error: 'Password must contain an uppercase letter' })
  .regex(/[0-9]/, { error: 'Password must contain a number' });

/** A password typed to prove identity: only required, never checked against the policy. */
export const currentPasswordField = (message = 'Password is required') =>
  z.string({ error: message }).min(1, { error: message }).max(PASSWORD_MAX, { error: message });

export const uuidField = (message: string) => z.uuid({ error: message });
