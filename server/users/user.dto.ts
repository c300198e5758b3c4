import type { User } from '../../src/schemas/user.schema';
import { displayNameOf } from '../../src/schemas/user.schema';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the hash, never storage keys. */
export function toUserDto(
  row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'pendingEmail' | 'avatarKey'> &
    Partial<Pick<UserRow, 'postLanguage' | 'bio' | 'website' | 'contactEmail' | 'instagram' | 'bluesky'>>,
): User {
  return {
    userId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    displayName: displayNameOf(row),
    pendingEmail: row.pendingEmail,
    avatarVersion: row.avatarKey ? row.avatarKey.split('/').pop()! : null,
    postLanguage: row.postLanguage ?? null,
    bio: row.bio ?? '',
    website: row.website ?? '',
    contactEmail: row.contactEmail ?? '',
    instagram: row.instagram ?? '',
    bluesky: row.bluesky ?? '',
  };
}

/** Columns a DTO needs, for selects that join users. */
export const userDtoColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  pendingEmail: users.pendingEmail,
  avatarKey: users.avatarKey,
  postLanguage: users.postLanguage,
  bio: users.bio,
  website: users.website,
  contactEmail: users.contactEmail,
  instagram: users.instagram,
  bluesky: users.bluesky,
};
