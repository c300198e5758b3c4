import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SocialPost } from '../../src/schemas/social.schema';
import { socialAccounts, socialDeliveries } from '../../server/db/schema';
import { blueskySuite } from '../support/bluesky-suite';
import { makeJpeg } from '../support/portfolio';
import {
  addPostMedia,
  connectOk,
  eventually,
  getPost,
  newPdsAccount,
  postRecords,
  publish,
  savePostOk,
  startFlakyProxy,
} from '../support/social';
import { dbLabel } from '../support/test-db';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(500, 32),
  Buffer.from('\n%%EOF\n'),
]);

/** Publishing for real: records read back from a real PDS. */
describe(`publishing to Bluesky (${dbLabel()})`, () => {
  const { ctx, connected, settled: posted } = blueskySuite();
  const rkeyOf = (url: string) => url.split('/').pop()!;

  it('publishes a post with two images, a hashtag, a mention and a link, exactly as the record on the PDS shows', async () => {
    const bob = await newPdsAccount(ctx.pds, 'bob');
    const { account: alice, ref } = await connected('alice');
    const content = 'Café ☕ — new work, see https://example.com/art';
    const draft = await savePostOk(ctx.t, ctx.ada, { content, accounts: [ref], hashtags: ['#painting'], mentions: [`@${bob.handle}`] });
    const upright = await addPostMedia(
      ctx.t,
      ctx.ada,
      draft.postId,
      await makeJpeg(300, 600, { orientation: 6, gps: true }),
      'image/jpeg',
      'harbour.jpg',
    );
    const wide = await addPostMedia(
      ctx.t,
      ctx.ada,
      draft.postId,
      await sharp({ create: { width: 800, height: 500, channels: 4, background: '#33669980' } })
        .png()
        .toBuffer(),
      'image/png',
      'wide.png',
    );
    const notes = await addPostMedia(ctx.t, ctx.ada, draft.postId, PDF, 'application/pdf', 'notes.pdf');
    await savePostOk(ctx.t, ctx.ada, {
      postId: draft.postId,
      content,
      accounts: [ref],
      hashtags: ['#painting'],
      mentions: [`@${bob.handle}`],
      mediaIds: [upright.mediaId, notes.mediaId, wide.mediaId],
      altTexts: { [upright.mediaId]: 'The harbour at dawn, in oil', [wide.mediaId]: '' },
    });

    const res = await publish(ctx.t, ctx.ada, draft.postId);
    expect(res.status).toBe(200);
    const post = (await res.json()) as SocialPost;
    const text = `${content}\n\n#painting @${bob.handle}`;
    expect(post).toMatchObject({ isDraft: false, datePublished: expect.any(Number) });
    expect(post.responses).toEqual([
      {
        platform: 'bluesky',
        handle: alice.handle,
        text,
        postUrl: expect.stringMatching(`^https://bsky.app/profile/${alice.handle}/post/`),
        postStatus: 'posted',
        datePosted: expect.any(Number),
        postError: null,
        // Read from the AppView ten minutes after posting (test/server/social-metrics.db.test.ts).
        metrics: null,
      },
    ]);

    const records = await postRecords(alice.agent, alice.did);
    expect(records).toHaveLength(1);
    const [{ uri, value }] = records;
    expect(uri).toBe(`at://${alice.did}/app.bsky.feed.post/${rkeyOf(post.responses[0].postUrl)}`);
    expect(value.text).toBe(text);
    const bytes = Buffer.from(text, 'utf8');
    const facets = [...(value.facets ?? [])].sort((a, b) => a.index.byteStart - b.index.byteStart);
    expect(facets.map((f) => bytes.subarray(f.index.byteStart, f.index.byteEnd).toString('utf8'))).toEqual([
      'https://example.com/art',
      '#painting',
      `@${bob.handle}`,
    ]);
    expect(facets[0].index.byteStart).toBe(Buffer.byteLength('Café ☕ — new work, see '));
    expect(facets.map((f) => f.features[0])).toEqual([
      { $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/art' },
      { $type: 'app.bsky.richtext.facet#tag', tag: 'painting' },
      { $type: 'app.bsky.richtext.facet#mention', did: bob.did },
    ]);

    // The two images (the PDF is not sent), in the post's order, upright, with alt text and aspect ratio.
    const images = value.embed!.images;
    expect(value.embed!.$type).toBe('app.bsky.embed.images');
    expect(images.map((i) => [i.alt, i.aspectRatio, i.image.mimeType])).toEqual([
      ['The harbour at dawn, in oil', { width: 600, height: 300 }, 'image/jpeg'],
      ['', { width: 800, height: 500 }, 'image/jpeg'],
    ]);
    for (const image of images) {
      const blob = await alice.agent.com.atproto.sync.getBlob({ did: alice.did, cid: image.image.ref.toString() });
      const meta = await sharp(Buffer.from(blob.data)).metadata();
      expect(blob.data.length).toBe(image.image.size);
      expect(blob.data.length).toBeLessThanOrEqual(976_000);
      expect([meta.format, meta.exif]).toEqual(['jpeg', undefined]);
      expect([meta.width, meta.height]).toEqual([image.aspectRatio!.width, image.aspectRatio!.height]);
    }
    // Publishing again changes nothing: nothing failed, so nothing is sent again.
    expect(((await (await publish(ctx.t, ctx.ada, draft.postId)).json()) as SocialPost).responses).toEqual(post.responses);
    expect(await postRecords(alice.agent, alice.did)).toHaveLength(1);
  });

  it('refuses to publish a text longer than Bluesky takes, or to an account no longer connected; the draft stays', async () => {
    const { ref } = await connected('long');
    const tooLong = await savePostOk(ctx.t, ctx.ada, { content: '☕'.repeat(280), accounts: [ref], hashtags: ['a'.repeat(30)] });
    const res = await publish(ctx.t, ctx.ada, tooLong.postId);
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({
      content: [
        'With its hashtags and mentions the post is 313 characters long; Bluesky takes at most 300. Shorten the text or remove some hashtags or mentions.',
      ],
    });
    expect(await getPost(ctx.t, ctx.ada, tooLong.postId)).toMatchObject({ isDraft: true, responses: [] });

    const gone = await savePostOk(ctx.t, ctx.ada, { content: 'hello', accounts: [ref] });
    await ctx.t.request('/api/social-media/accounts', { method: 'DELETE', token: ctx.ada, json: ref });
    const refused = await publish(ctx.t, ctx.ada, gone.postId);
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      accounts: [`Bluesky account @${ref.handle} is not connected. Connect it again, then press Post to retry.`],
    });
  });

  it('a scheduled draft is published by the worker at its time', async () => {
    const { account, ref } = await connected('sched');
    const due = Date.now() + 1500;
    const draft = await savePostOk(ctx.t, ctx.ada, { content: 'Opening tonight #gallery', accounts: [ref], dateScheduled: due });
    ctx.t.deps.social.worker.start();
    await new Promise((r) => setTimeout(r, 800));
    expect((await getPost(ctx.t, ctx.ada, draft.postId)).isDraft).toBe(true);
    const post = await posted(draft.postId);
    expect(post).toMatchObject({ isDraft: false, dateScheduled: due });
    expect(post.responses[0]).toMatchObject({ postStatus: 'posted', postError: null });
    expect(post.datePublished!).toBeGreaterThanOrEqual(due);
    expect(post.responses[0].datePosted! - due).toBeLessThan(3000);
    expect((await postRecords(account.agent, account.did)).map((r) => r.value.text)).toEqual(['Opening tonight #gallery']);
  });

  it('posts that came due while no worker ran go out when it starts', async () => {
    const { account, ref } = await connected('late');
    const drafts = await Promise.all(
      ['one', 'two', 'three'].map((content) => savePostOk(ctx.t, ctx.ada, { content, accounts: [ref], dateScheduled: Date.now() + 300 })),
    );
    await new Promise((r) => setTimeout(r, 600));
    for (const d of drafts) expect((await getPost(ctx.t, ctx.ada, d.postId)).isDraft).toBe(true);
    ctx.t.deps.social.worker.start();
    for (const d of drafts) expect((await posted(d.postId)).responses[0].postStatus).toBe('posted');
    expect((await postRecords(account.agent, account.did)).map((r) => r.value.text).sort()).toEqual(['one', 'three', 'two']);
  });

  it('a server that is down is retried with backoff; the post goes out once when it is back, and the artist sees why it is late', async () => {
    const proxy = await startFlakyProxy(ctx.pds.url);
    try {
      const { account, ref } = await connected('flaky', proxy.url);
      const draft = await savePostOk(ctx.t, ctx.ada, { content: 'Through the storm', accounts: [ref] });
      proxy.set('down');
      const res = await publish(ctx.t, ctx.ada, draft.postId);
      const pending = (await res.json()) as SocialPost;
      expect(pending.responses[0]).toMatchObject({
        postStatus: 'pending',
        postUrl: '',
        postError: `The Bluesky server at ${proxy.url} cannot be reached. It will be tried again.`,
      });
      ctx.t.deps.social.worker.start();
      await new Promise((r) => setTimeout(r, 1500));
      proxy.set('up');
      const post = await posted(draft.postId);
      expect(post.responses[0]).toMatchObject({ postStatus: 'posted', postError: null });
      const [row] = await ctx.t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.postId, draft.postId));
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect((await postRecords(account.agent, account.did)).map((r) => r.value.text)).toEqual(['Through the storm']);
    } finally {
      await proxy.close();
    }
  });

  it('an answer lost after the post was written: the retry finds the record under its key and does not post again', async () => {
    const proxy = await startFlakyProxy(ctx.pds.url);
    try {
      const { account, ref } = await connected('lost', proxy.url);
      const draft = await savePostOk(ctx.t, ctx.ada, { content: 'Said once', accounts: [ref] });
      proxy.set('drop-create');
      const pending = (await (await publish(ctx.t, ctx.ada, draft.postId)).json()) as SocialPost;
      expect(pending.responses[0].postStatus).toBe('pending');
      const written = await postRecords(account.agent, account.did);
      expect(written).toHaveLength(1);
      proxy.set('up');
      ctx.t.deps.social.worker.start();
      const post = await posted(draft.postId);
      expect(post.responses[0].postStatus).toBe('posted');
      expect(written[0].uri.endsWith(`/${rkeyOf(post.responses[0].postUrl)}`)).toBe(true);
      expect(await postRecords(account.agent, account.did)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('a stored session that no longer refreshes: signs in again with the app password and stores the new session', async () => {
    const { account, ref } = await connected('relogin');
    const [row] = await ctx.t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.handle, account.handle));
    const { refreshJwt } = JSON.parse(ctx.t.deps.social.box.open(row.sessionSealed!));
    // The session is ended on the PDS, and the stored access token is no longer valid either.
    expect(
      (
        await fetch(`${ctx.pds.url}/xrpc/com.atproto.server.deleteSession`, {
          method: 'POST',
          headers: { authorization: `Bearer ${refreshJwt}` },
        })
      ).status,
    ).toBe(200);
    await ctx.t.deps.db
      .update(socialAccounts)
      .set({ sessionSealed: ctx.t.deps.social.box.seal(JSON.stringify({ accessJwt: 'expired', refreshJwt })) })
      .where(eq(socialAccounts.id, row.id));
    ctx.t.deps.social.agents.forget(row.id);

    const draft = await savePostOk(ctx.t, ctx.ada, { content: 'Back again', accounts: [ref] });
    const post = (await (await publish(ctx.t, ctx.ada, draft.postId)).json()) as SocialPost;
    expect(post.responses[0].postStatus).toBe('posted');
    const [after] = await ctx.t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, row.id));
    expect(JSON.parse(ctx.t.deps.social.box.open(after.sessionSealed!)).refreshJwt).not.toBe(refreshJwt);
    expect(await postRecords(account.agent, account.did)).toHaveLength(1);
  });

  it('a revoked app password: the account needs reconnecting and its posts wait; connected again, each goes out exactly once', async () => {
    const { account, ref } = await connected('revoked');
    await account.agent.com.atproto.server.revokeAppPassword({ name: 'artist-studio' });
    const first = await savePostOk(ctx.t, ctx.ada, { content: 'Will it go?', accounts: [ref] });
    await publish(ctx.t, ctx.ada, first.postId);
    ctx.t.deps.social.worker.start();
    const waiting = await eventually(async () => {
      const [row] = await ctx.t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.handle, account.handle));
      return row.needsReconnectAt ? row : null;
    });
    // Queued after that: it waits too, untried.
    const second = await savePostOk(ctx.t, ctx.ada, { content: 'And this one?', accounts: [ref] });
    await publish(ctx.t, ctx.ada, second.postId);
    await new Promise((r) => setTimeout(r, 1500));
    const held = await getPost(ctx.t, ctx.ada, first.postId);
    expect(held.responses[0]).toMatchObject({
      postStatus: 'pending',
      postUrl: '',
      postError: `Bluesky no longer accepts the login of @${account.handle}. Reconnect the account: the post waits and goes out then.`,
    });
    expect((await getPost(ctx.t, ctx.ada, second.postId)).responses[0].postStatus).toBe('pending');
    const cards = (await (await ctx.t.request('/api/social-media/accounts', { token: ctx.ada })).json()) as {
      handle: string;
      needsReconnectAt?: string;
    }[];
    expect(cards.find((c) => c.handle === account.handle)?.needsReconnectAt).toBe(waiting.needsReconnectAt!.toISOString());
    const before = await ctx.t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.accountId, waiting.id));
    expect(await postRecords(account.agent, account.did)).toEqual([]);

    const fresh = (await account.agent.com.atproto.server.createAppPassword({ name: 'artist-studio-2' })).data.password;
    const reconnected = await connectOk(ctx.t, ctx.ada, { handle: account.handle, appPassword: fresh }, ctx.pds.url);
    expect(reconnected.needsReconnectAt).toBeNull();
    const [a, b] = [await posted(first.postId), await posted(second.postId)];
    for (const p of [a, b]) expect(p.responses[0]).toMatchObject({ postStatus: 'posted', postError: null });
    const keyOf = (postId: string) => before.find((d) => d.postId === postId)!.rkey;
    expect(rkeyOf(a.responses[0].postUrl)).toBe(keyOf(first.postId));
    expect(rkeyOf(b.responses[0].postUrl)).toBe(keyOf(second.postId));
    expect((await postRecords(account.agent, account.did)).map((r) => r.value.text).sort()).toEqual(['And this one?', 'Will it go?']);
  });
});
