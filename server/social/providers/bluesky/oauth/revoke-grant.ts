import type { AppDeps } from '../../../../context';
import type { SocialAccountRow } from '../../../accounts.repo';
import { grantStillUsed } from '../../../accounts.repo';
import { withDeadline } from '../../../../outbound/deadline';

const REVOKE_TIMEOUT_MS = 10_000;

/**
 * Revokes the OAuth grant of an account just forgotten, at its PDS, unless another connected account still uses it
 * (grants are kept by DID). Best effort, like ending an app-password session: an unreachable PDS keeps a grant no one
 * here can use, since the stored one is deleted either way.
 */
export async function revokeGrant(deps: Pick<AppDeps, 'db' | 'log' | 'social'>, account: SocialAccountRow): Promise<void> {
  if (account.authMethod !== 'oauth' || !account.did) return;
  if (await grantStillUsed(deps.db, account.did)) return;
  try {
    const client = await deps.social.oauth.client();
    await withDeadline(REVOKE_TIMEOUT_MS, () => client.revoke(account.did!));
  } catch (err) {
    deps.log.warn({ err: String(err), accountId: account.id }, 'could not revoke a Bluesky OAuth grant');
  }
}
