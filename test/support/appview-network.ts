import crypto from 'node:crypto';
import { inOwnTmpDir, pdsOf } from './pds';
import { createDatabase, startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { startRedisServer, type RedisServer } from './redis-server';

/**
 * A whole Bluesky network on loopback from @atproto/dev-env's TestNetwork: PLC directory, PDS, AppView (which
 * indexes the PDS's repositories from its firehose) and Ozone. The AppView and Ozone keep their data in PostgreSQL
 * (schemas appview_net and ozone_net of a fresh database) and TestNetwork asserts a Redis host (REDIS_HOST): both are
 * throwaway servers started here and stopped on close.
 *
 * pgAdminUrl: a superuser URL of a running PostgreSQL (the server:postgres project's, `inject('pgAdminUrl')`) to make
 * the database on; without it a PostgreSQL cluster of its own is started (the bench).
 */
export async function startAppViewNetwork(options: { pgAdminUrl?: string } = {}) {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
  };
  try {
    const redis: RedisServer = await startRedisServer();
    stops.push(() => redis.stop());
    let adminUrl = options.pgAdminUrl;
    if (!adminUrl) {
      const cluster: PostgresCluster = await startPostgresCluster();
      stops.push(() => cluster.stop());
      adminUrl = cluster.adminUrl;
    }
    const dbPostgresUrl = await createDatabase(adminUrl, `appview_${crypto.randomBytes(6).toString('hex')}`);

    const { TestNetwork } = await import('@atproto/dev-env');
    // TestNetwork.create reads the Redis host from the environment only.
    const previousRedis = process.env.REDIS_HOST;
    process.env.REDIS_HOST = redis.host;
    const { net, removeTmp } = await inOwnTmpDir(() => TestNetwork.create({ dbPostgresUrl, dbPostgresSchema: 'net' })).finally(() => {
      if (previousRedis === undefined) delete process.env.REDIS_HOST;
      else process.env.REDIS_HOST = previousRedis;
    });
    stops.push(async () => {
      await net.close();
      await removeTmp();
    });
    return {
      ...pdsOf(net, stopAll),
      /** The AppView's URL (what BSKY_APPVIEW_URL names). */
      appViewUrl: net.bsky.url,
      /** Waits until the AppView has indexed every event the PDS has sent so far. */
      processAll: () => net.processAll(),
      redis,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
export type AppViewNetwork = Awaited<ReturnType<typeof startAppViewNetwork>>;
