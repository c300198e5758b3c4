import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../context';
import { Unauthenticated } from '../errors';
import { toUserDto } from './user.dto';
import { openSessionUser } from './sessions.repo';

/**
 * Protected routes: the bearer ID token must verify and its session must still be open.
 * A token seen before is answered from the auth cache without a signature check or a query.
 */
export function requireUser(deps: Pick<AppDeps, 'tokens' | 'authCache' | 'db'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new Unauthenticated();
    let entry = deps.authCache.get(token);
    if (!entry) {
      const claims = await deps.tokens.verifyIdToken(token);
      const generation = deps.authCache.generation(claims.sub);
      const row = await openSessionUser(deps.db, claims.sid);
      if (!row || row.id !== claims.sub) throw new Unauthenticated('Your session has ended. Sign in again.');
      entry = { user: toUserDto(row), sessionId: claims.sid, expiresAt: claims.exp * 1000 };
      deps.authCache.set(token, entry, claims.exp, generation);
    }
    c.set('auth', entry);
    await next();
  });
}
