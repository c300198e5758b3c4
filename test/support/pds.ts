import { AtpAgent } from '@atproto/api';
import type { TestNetworkNoAppView } from '@atproto/dev-env';
import { ownTmpDir } from './tmp-dir';

/**
 * Runs `create` (a dev-env network's start) with TMPDIR set to a folder of its own, where the PDS keeps its blobs and
 * data; answers the network and a function that removes the folder.
 */
export async function inOwnTmpDir<T>(create: () => Promise<T>): Promise<{ net: T; removeTmp: () => Promise<void> }> {
  const { restore: removeTmp } = await ownTmpDir('studio-pds-');
  try {
    return { net: await create(), removeTmp };
  } catch (err) {
    await removeTmp();
    throw err;
  }
}

/** What tests use of a dev-env network's PDS: its URL, its PLC directory, and accounts made on it. */
export function pdsOf(net: TestNetworkNoAppView, close: () => Promise<void>) {
  return pdsAt(net.pds.url, net.plc.url, close);
}

/** A PDS at `url` whose accounts' DIDs are registered at the PLC directory at `plcUrl`, wherever it runs. */
export function pdsAt(url: string, plcUrl: string, close: () => Promise<void>) {
  return {
    url,
    /** The PLC directory the PDS registers its accounts' DIDs with (OAuth clients resolve identities there). */
    plcUrl,
    /** An account with an app password, as an artist would create on bsky.app. */
    async createAccount(handle: string, password = 'account-password-1') {
      const agent = new AtpAgent({ service: url });
      await agent.createAccount({ handle, email: `${handle.split('.')[0]}@example.test`, password });
      const appPassword = (await agent.com.atproto.server.createAppPassword({ name: 'artist-studio' })).data.password;
      return { handle, did: agent.session!.did, password, appPassword, agent };
    },
    close,
  };
}

/**
 * A real Bluesky PDS (and PLC directory) on loopback, from @atproto/dev-env, with its temp files in a folder of its
 * own that is removed on close.
 */
export async function startPds() {
  const { TestNetworkNoAppView } = await import('@atproto/dev-env');
  const { net, removeTmp } = await inOwnTmpDir(() => TestNetworkNoAppView.create({}));
  return pdsOf(net, async () => {
    await net.close();
    await removeTmp();
  });
}
export type Pds = Awaited<ReturnType<typeof startPds>>;
