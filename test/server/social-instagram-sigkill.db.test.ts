import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/browser';
import { crashServerEnv } from '../support/crash-server';
import { connectInstagram } from '../support/instagram';
import { jpegOf } from '../support/media-host';
import { startMetaFake, type MetaFake } from '../support/meta-fake';
import { addPostMedia, eventually, getPost, publish, remoteApi, savePostOk, signUpOn } from '../support/social';
import { dbLabel } from '../support/test-db';

const CAPTION = 'Through a crash, once';

/**
 * The instance publishing an Instagram post is killed with SIGKILL after it made the post's container and recorded
 * it, while Instagram still processes it (before media_publish). Started again on the same data, the server takes the
 * delivery over once the dead one's lease runs out, asks the recorded container for its status instead of making a
 * second one, and publishes it: one container, one media, its permalink on the post.
 */
describe(`an Instagram post through kill -9 between its container and media_publish (${dbLabel()})`, () => {
  let meta: MetaFake | undefined;
  let server: RunningServer | undefined;
  let dataDir = '';
  const spareDirs: string[] = [];
  afterAll(async () => {
    await server?.stop();
    await meta?.close();
    for (const dir of [...spareDirs, dataDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('publishes exactly one media, from the container the dead instance recorded', async () => {
    meta = await startMetaFake();
    // Instagram keeps the container IN_PROGRESS until the test lets it finish.
    meta.instagram.processingMs = 3_600_000;
    const crash = await crashServerEnv('studio-ig-crash-', meta.env);
    const env = crash.env;
    dataDir = crash.dataDir;
    const start = async () => {
      const started = await startServer(env);
      spareDirs.push(started.dataDir);
      // Both instances hand Meta addresses under the first one's APP_URL, as instances behind one address would.
      env.APP_URL ??= started.url;
      env.PORT ??= String(new URL(started.url).port);
      return started;
    };
    server = await start();
    meta.instagram.redirectUris.push(`${server.url}/oauth/meta/instagram/callback`);
    const api = remoteApi(server.url);
    const token = await signUpOn({ ...server, dataDir });
    await connectInstagram(api, token);

    const post = await savePostOk(api, token, { content: CAPTION, accounts: [{ platform: 'instagram', handle: 'ada.paints' }] });
    await addPostMedia(api, token, post.postId, await jpegOf(900, 1200), 'image/jpeg', 'study.jpg');
    expect((await publish(api, token, post.postId)).status).toBe(200);

    // The container exists, Instagram fetched its picture, and the studio has asked for its status: by then the
    // container's id is recorded (it is recorded before its status is asked for).
    const container = await eventually(
      async () => {
        const made = [...meta!.state.containers.values()].find((c) => c.caption === CAPTION);
        const asked = made && meta!.calls.some((c) => c.method === 'GET' && c.path.endsWith(`/${made.id}`));
        return made && made.fetch === 'done' && asked ? made : null;
      },
      60_000,
      50,
    );
    const killed = server;
    process.kill(killed.pid, 'SIGKILL');
    expect(await killed.exited).toBe('SIGKILL');
    expect(meta.state.igMedia.size).toBe(0);

    // Instagram finishes processing while no instance runs.
    meta.instagram.processingMs = 0;
    container.readyAt = meta.state.now();
    const callsBefore = meta.calls.length;
    server = await start();
    const done = await eventually(
      async () => {
        const r = (await getPost(remoteApi(server!.url), token, post.postId)).responses[0];
        return r?.postStatus === 'posted' || r?.postStatus === 'error' ? r : null;
      },
      90_000,
      250,
    );
    expect(done).toMatchObject({ postStatus: 'posted' });
    const media = [...meta.state.igMedia.values()].filter((m) => m.caption === CAPTION);
    expect(media).toHaveLength(1);
    expect(media[0].containerId).toBe(container.id);
    expect(done.postUrl).toBe(media[0].permalink);
    // No second container: the restarted instance made none, and published once.
    expect([...meta.state.containers.values()].filter((c) => c.caption === CAPTION)).toHaveLength(1);
    const after = meta.calls.slice(callsBefore);
    expect(after.filter((c) => c.method === 'POST' && c.path.endsWith('/media'))).toHaveLength(0);
    expect(after.filter((c) => c.method === 'POST' && c.path.endsWith('/media_publish'))).toHaveLength(1);
  }, 240_000);
});
