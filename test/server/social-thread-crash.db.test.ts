import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { autoBreaks, threadTexts } from '../../src/schemas/post-thread';
import type { SocialPost } from '../../src/schemas/social.schema';
import { startServer, type RunningServer } from '../support/browser';
import { crashServerEnv } from '../support/crash-server';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { eventually, newPdsAccount, postRecords, signUpOn, startFlakyProxy, type PostRecord } from '../support/social';
import { dbLabel } from '../support/test-db';

const PARTS = 4;

type ThreadRecord = PostRecord & { cid: string; value: PostRecord['value'] & { reply?: { root: object; parent: object } } };

/**
 * A scheduled four-part thread, its parts written in one call; the server is killed with SIGKILL as that call arrives at
 * the PDS. Either the call is cut off there ('cut': nothing is written) or it goes on and is written while its answer
 * is lost ('landed'). Started again on the same data, the server takes the delivery over once the dead one's lease runs
 * out: every part exactly once, each later one replying to the first (root) and to the one before (parent).
 */
describe.each(['cut', 'landed'] as const)(`a thread of ${PARTS} parts through kill -9 as its write arrives: %s (${dbLabel()})`, (mode) => {
  let pds: Pds;
  let proxy: Awaited<ReturnType<typeof startFlakyProxy>> | undefined;
  let server: RunningServer | undefined;
  let dataDir = '';
  const spareDirs: string[] = [];
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await pds?.close();
    for (const dir of [...spareDirs, dataDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('publishes every part exactly once, in order, with its reply refs', async () => {
    pds = await sharedPds();
    const artist = await newPdsAccount(pds, 'crashthread');
    let killedAt: number | null = null;
    // The first write: the server is killed as it arrives; the call is cut off, or passed on to the PDS.
    proxy = await startFlakyProxy(pds.url, (n) => {
      if (n !== 1 || killedAt !== null || !server) return;
      killedAt = Date.now();
      process.kill(server.pid, 'SIGKILL');
      return mode === 'cut' ? 'cut' : undefined;
    });

    const crash = await crashServerEnv('studio-thread-crash-');
    const env = crash.env;
    dataDir = crash.dataDir;
    const start = async () => {
      const started = await startServer(env);
      spareDirs.push(started.dataDir);
      env.APP_URL ??= started.url;
      return started;
    };
    server = await start();
    const token = await signUpOn({ ...server, dataDir });
    const call = (p: string, body?: unknown) =>
      fetch(`${server!.url}/api${p}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const connected = await call('/social-media/accounts', {
      platform: 'bluesky',
      handle: artist.handle,
      credentials: { identifier: artist.handle, appPassword: artist.appPassword, service: proxy.url },
    });
    expect(connected.status, await connected.clone().text()).toBe(200);

    const content = Array.from({ length: 110 }, (_, i) => `crash${i}${i % 10 === 9 ? '.' : ''}`).join(' ');
    const threadBreaks = autoBreaks(content);
    const texts = threadTexts({ content, hashtags: [], mentions: [], threadBreaks });
    expect(texts).toHaveLength(PARTS);
    const saved = await call('/social-media/post', {
      content,
      threadBreaks,
      accounts: [{ platform: 'bluesky', handle: artist.handle }],
      dateScheduled: Date.now() + 2000,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { postId } = (await saved.json()) as { postId: string };

    const killed = server;
    expect(await killed.exited).toBe('SIGKILL');
    expect(killedAt).not.toBeNull();
    // All parts or none: none when the call was cut off, all four when it went on.
    const before = await eventually(async () => {
      const records = await postRecords(artist.agent, artist.did);
      return records.length === (mode === 'cut' ? 0 : PARTS) ? records : null;
    });
    if (mode === 'cut') await new Promise((r) => setTimeout(r, 500));
    expect((await postRecords(artist.agent, artist.did)).length).toBe(before.length);

    server = await start();
    const post = await eventually(
      async () => {
        const res = await call(`/social-media/post/${postId}`);
        const body = res.ok ? ((await res.json()) as SocialPost) : null;
        return body?.responses[0]?.postStatus === 'posted' ? body : null;
      },
      60_000,
      250,
    );
    const records = (await postRecords(artist.agent, artist.did)) as ThreadRecord[];
    expect(records.map((r) => r.value.text).sort()).toEqual([...texts].sort());
    const parts = texts.map((text) => records.find((r) => r.value.text === text)!);
    const ref = (r: ThreadRecord) => ({ uri: r.uri, cid: r.cid });
    expect(parts[0].value.reply).toBeUndefined();
    for (let i = 1; i < PARTS; i++) expect(parts[i].value.reply).toEqual({ root: ref(parts[0]), parent: ref(parts[i - 1]) });
    expect(post.responses[0].postUrl.endsWith(`/post/${parts[0].uri.split('/').pop()}`)).toBe(true);
    console.log(
      `[thread-crash ${dbLabel()}] killed as the write arrived (${mode}); finished ${((Date.now() - killedAt!) / 1000).toFixed(1)} s after the kill`,
    );
  }, 180_000);
});
