import { deleteUser, findUser } from '../auth/user.repo';
import type { AppDeps } from '../context';
import { publicationFolder } from '../publish/publication.repo';
import { credentialsOf } from '../social/providers/bluesky/agents';
import { listAccounts } from '../social/accounts.repo';
import { revokeSession } from '../social/providers/bluesky/bluesky';
import { revokeGrant } from '../social/providers/bluesky/oauth/revoke-grant';

/**
 * Every storage folder that holds an artist's files: avatar, artwork media and their sizes, post files, uploads not
 * yet confirmed, and the public portfolio's images (under its folder, a random name, so nothing there names the account).
 */
export const userFolders = (userId: string, folder?: string) => [
  `avatars/${userId}`,
  `media/${userId}`,
  `social/${userId}`,
  `uploads/${userId}`,
  ...(folder ? [`published/${folder}`] : []),
];

/**
 * Deletes an artist and everything theirs. The rows go first, in one statement (every table keyed to the user
 * cascades: sessions, artworks, media, journal, posts with their scheduled deliveries, social accounts with their
 * sealed logins, the publication): from that moment nothing of theirs is served and the address is free. Then what
 * lives outside the database: the files, the Bluesky sessions at their servers (best effort: a server that cannot be
 * reached only keeps a session that no one here can use any more), and a confirming mail.
 */
export async function deleteUserAccount(deps: AppDeps, userId: string): Promise<void> {
  const { db, log } = deps;
  const user = await findUser(db, userId);
  if (!user) return;
  const folder = await publicationFolder(db, userId);
  const accounts = await listAccounts(db, userId);

  await deleteUser(db, userId);
  await deps.authCache.userChanged(userId);
  for (const account of accounts) deps.social.agents.forget(account.id);

  const folders = userFolders(userId, folder);
  const revocations = accounts.map(async (account) => {
    if (account.authMethod === 'oauth') return revokeGrant(deps, account);
    const { session } = credentialsOf(deps.social.box, account);
    // Through the outbound door, like every call to an address an artist chose.
    await revokeSession(session, deps.outbound.fetch);
  });
  const [files, sessions] = await Promise.all([
    Promise.allSettled(folders.map((folder) => deps.storage.deleteFolder(folder))),
    Promise.allSettled(revocations),
  ]);
  files.forEach(
    (r, i) =>
      r.status === 'rejected' &&
      log.error({ err: r.reason, folder: folders[i], userId }, 'could not delete the files of a deleted account'),
  );
  sessions.forEach(
    (r, i) =>
      r.status === 'rejected' &&
      log.warn({ err: String(r.reason), handle: accounts[i].handle }, 'could not end a Bluesky session at its server'),
  );

  // Through the outbox like every account mail: retried if the mail server is away.
  await deps.outbox.enqueue({ kind: 'deleted', email: user.email, userId: null });
  log.info({ userId, files: folders.length, blueskySessions: accounts.length }, 'account deleted');
}
