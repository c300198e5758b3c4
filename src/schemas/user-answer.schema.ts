import * as z from 'zod/mini';

/*
 * The user as the API answers it. Kept apart from the forms' rules (user.schema.ts, site-profile.schema.ts): the
 * session reads the user before the sign-in screen is usable, and every rule built here would be in that first script.
 */

/** The public profile as the API answers it (with the user): '' where the artist wrote nothing. */
const siteProfileShape = {
  bio: z.optional(z.string()),
  website: z.optional(z.string()),
  contactEmail: z.optional(z.string()),
  instagram: z.optional(z.string()),
  bluesky: z.optional(z.string()),
};

export const userSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** A new address waiting for its verification link to be opened. */
  pendingEmail: z.nullable(z.string()),
  /** Changes whenever the avatar changes; null when there is none. */
  avatarVersion: z.nullable(z.string()),
  /** The language new posts start with; null until chosen (the editor then starts with the browser's). */
  postLanguage: z.optional(z.nullable(z.string())),
  /** Bio, website and contact links for the public site ('' when not given). */
  ...siteProfileShape,
});
export type User = z.infer<typeof userSchema>;

export const securityResultSchema = z.object({ message: z.string(), user: userSchema });
