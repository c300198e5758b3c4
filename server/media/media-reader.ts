import type { Context } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../context';
import { Forbidden } from '../errors';
import type { MediaSize, MediaSubject } from '../media-urls';

export const BAD_MEDIA_LINK = 'This media link is invalid or has expired.';

/**
 * Who may read a file's bytes: a request carries either the bearer token (answers the user, whose own files it may
 * read) or a signed link (exp + sig, for <img> and <video>, which send no token: answers null, the signature vouches
 * for this subject and size). A tampered or expired link is 403, never 401, so it never signs the app out.
 */
export function createMediaReader(deps: AppDeps) {
  const authenticate = requireUser(deps);
  return async (
    c: Context<AppEnv>,
    subject: MediaSubject,
    size: MediaSize,
    query: { exp?: string; sig?: string },
  ): Promise<string | null> => {
    if (query.exp !== undefined || query.sig !== undefined) {
      if (!deps.mediaUrls.verify(subject, size, query.exp, query.sig)) throw new Forbidden(BAD_MEDIA_LINK);
      return null;
    }
    await authenticate(c, async () => {});
    return c.var.auth.user.userId;
  };
}
