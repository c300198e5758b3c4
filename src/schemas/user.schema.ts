import * as z from 'zod/mini';
import { crossFieldRule, currentPasswordField, emailField, passwordField } from './fields.schema';
import { text } from './text.schema';
import { langField } from './lang-tag.schema';
import { siteProfileUpdate } from './site-profile.schema';

// What the API answers of the user: in a file of its own, which the sign-in screen's first script carries alone.
export { securityResultSchema, userSchema, type User } from './user-answer.schema';

const nameField = (label: string) => text(label, [z.trim(), z.maxLength(100, { error: `${label} must be at most 100 characters` })]);

export const profileUpdateSchema = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  /** The language new posts start with (BCP-47); left out, unchanged. */
  postLanguage: z.optional(z.nullable(langField)),
  /** What the public site shows of the artist (site-profile.schema.ts); each left out, unchanged. */
  ...siteProfileUpdate,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const displayNameOf = (u: { firstName?: string | null; lastName?: string | null }) =>
  [u.firstName, u.lastName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * Change Email & Password: the current password proves identity; a new address, a new password or both.
 * (The intended rule behind the password-change quirk the requirements describe.)
 */
export const securityUpdateSchema = z
  .object({
    currentPassword: currentPasswordField('Current password is required', 'Current password'),
    email: z.optional(z.union([z.literal(''), emailField])),
    newPassword: z.optional(z.union([z.literal(''), passwordField])),
  })
  .check(
    crossFieldRule<{ email?: string; newPassword?: string }>(
      (v) => Boolean(v.email) || Boolean(v.newPassword),
      'Enter a new email address or a new password',
      'newPassword',
    ),
  );
export type SecurityUpdate = z.input<typeof securityUpdateSchema>;

/** Delete my account: the current password proves it is the artist. */
export const deleteAccountSchema = z.object({
  currentPassword: currentPasswordField('Current password is required', 'Current password'),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** The word typed to confirm that everything may go. */
export const DELETE_CONFIRMATION = 'DELETE';

/** The app's form asks for the word too, so nothing is deleted by a slip of the finger. */
export const deleteAccountFormSchema = z.extend(deleteAccountSchema, {
  confirmation: z.string().check(z.refine((v) => v.trim() === DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm` })),
});

/**
 * The part of the picture the artist chose for their avatar, in pixels of the picture as it is seen (its EXIF
 * orientation applied). The server cuts it from the original, which it keeps as uploaded.
 */
const cropSide = (label: string, min: number) =>
  z.number({ error: `${label} must be a number` }).check(z.int({ error: `${label} must be a whole number` }), z.gte(min), z.lte(100_000));
export const avatarCropSchema = z.object({
  x: cropSide('The crop position', 0),
  y: cropSide('The crop position', 0),
  width: cropSide('The crop size', 1),
  height: cropSide('The crop size', 1),
});
export type AvatarCrop = z.infer<typeof avatarCropSchema>;
