import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkCard } from '../../src/schemas/link-card.schema';
import { blueskySuite } from '../support/bluesky-suite';
import { makeJpeg } from '../support/portfolio';
import { bigPng, html, linkSite, ogPage } from '../support/link-page';
import { type PdsAccount, addPostMedia, publish, savePostOk } from '../support/social';
import { dbLabel } from '../support/test-db';

interface ExternalRecord {
  text: string;
  embed?: {
    $type: string;
    external?: { uri: string; title: string; description: string; thumb?: { ref: { toString(): string }; mimeType: string; size: number } };
  };
}

/** Link cards published for real: the record read back from a real PDS. */
describe(`link cards on Bluesky (${dbLabel()})`, () => {
  const { ctx, connected, settled: posted } = blueskySuite();
  let site: Awaited<ReturnType<typeof linkSite>>;
  beforeAll(async () => {
    const cover = await bigPng(1600, 1000);
    site = await linkSite({
      '/art': (req, res, origin) => html(ogPage(origin))(req, res),
      '/cover.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(cover),
    });
  });
  afterAll(async () => {
    await site?.close();
  });
  const preview = async (url: string) =>
    (await (await ctx.t.request('/api/social/link-preview', { method: 'POST', token: ctx.ada, json: { url } })).json()) as LinkCard;
  const recordOf = async (account: { did: string; agent: PdsAccount['agent'] }, url: string) =>
    (await account.agent.com.atproto.repo.getRecord({ repo: account.did, collection: 'app.bsky.feed.post', rkey: url.split('/').pop()! }))
      .data.value as unknown as ExternalRecord;

  it('writes the first link as an app.bsky.embed.external card with its image as a blob', async () => {
    const { account, ref } = await connected('cards');
    const link = `${site.origin}/art`;
    const card = await preview(link);
    expect(card.thumbUrl).toBeTruthy();
    const content = `New painting: ${link} (and more soon)`;
    const draft = await savePostOk(ctx.t, ctx.ada, { content, accounts: [ref], linkCard: card });
    expect(draft.linkCard).toEqual(card);

    expect((await publish(ctx.t, ctx.ada, draft.postId)).status).toBe(200);
    const post = await posted(draft.postId);
    expect(post.responses[0]).toMatchObject({ postStatus: 'posted' });
    const record = await recordOf(account, post.responses[0].postUrl);
    expect(record.embed).toMatchObject({
      $type: 'app.bsky.embed.external',
      external: {
        uri: link,
        title: 'Harbour at Dawn & Dusk',
        description: 'Oil on linen, 2026 — new work',
        thumb: { mimeType: 'image/jpeg', size: expect.any(Number) },
      },
    });
    const thumb = record.embed!.external!.thumb!;
    expect(thumb.size).toBeLessThan(1_000_000);
    const blob = await account.agent.com.atproto.sync.getBlob({ did: account.did, cid: thumb.ref.toString() });
    const served = Buffer.from(await (await ctx.t.request(card.thumbUrl!)).arrayBuffer());
    expect(Buffer.from(blob.data).equals(served)).toBe(true);
  });

  it('media wins: a post with an image and a link carries the image, not the card', async () => {
    const { account, ref } = await connected('media');
    const link = `${site.origin}/art`;
    const card = await preview(link);
    const draft = await savePostOk(ctx.t, ctx.ada, { content: `See ${link}`, accounts: [ref], linkCard: card });
    const image = await addPostMedia(ctx.t, ctx.ada, draft.postId, await makeJpeg(200, 100), 'image/jpeg', 'a.jpg');
    await savePostOk(ctx.t, ctx.ada, { postId: draft.postId, content: `See ${link}`, accounts: [ref], mediaIds: [image.mediaId] });
    await publish(ctx.t, ctx.ada, draft.postId);
    const post = await posted(draft.postId);
    const record = await recordOf(account, post.responses[0].postUrl);
    expect(record.embed?.$type).toBe('app.bsky.embed.images');
  });

  it('a post saved through the API with a link and no card gets its card, read by the server when it goes out', async () => {
    const { account, ref } = await connected('api');
    const link = `${site.origin}/art`;
    const draft = await savePostOk(ctx.t, ctx.ada, { content: `Fresh off the easel: ${link}`, accounts: [ref] });
    expect(draft.linkCard).toBeNull();
    await publish(ctx.t, ctx.ada, draft.postId);
    const post = await posted(draft.postId);
    expect(post.responses[0]).toMatchObject({ postStatus: 'posted' });
    expect((await recordOf(account, post.responses[0].postUrl)).embed).toMatchObject({
      $type: 'app.bsky.embed.external',
      external: { uri: link, title: 'Harbour at Dawn & Dusk', thumb: { mimeType: 'image/jpeg' } },
    });
    // Fixed on the post, so a retry writes the same card.
    expect(post.linkCard).toMatchObject({ uri: link, title: 'Harbour at Dawn & Dusk' });
  });

  it('a removed card is recorded for its link and the post goes out without one', async () => {
    const { account, ref } = await connected('removed');
    const link = `${site.origin}/art`;
    const draft = await savePostOk(ctx.t, ctx.ada, { content: `See ${link}`, accounts: [ref], linkCard: null, linkCardRemoved: link });
    expect(draft).toMatchObject({ linkCard: null, linkCardRemoved: link });
    // An update that leaves them out keeps them.
    expect(await savePostOk(ctx.t, ctx.ada, { postId: draft.postId, content: `See ${link}!`, accounts: [ref] })).toMatchObject({
      linkCard: null,
      linkCardRemoved: link,
    });
    await publish(ctx.t, ctx.ada, draft.postId);
    const post = await posted(draft.postId);
    expect((await recordOf(account, post.responses[0].postUrl)).embed).toBeUndefined();
  });

  it('drops a card whose link is no longer in the text', async () => {
    const { ref } = await connected('stale');
    const card = await preview(`${site.origin}/art`);
    const draft = await savePostOk(ctx.t, ctx.ada, { content: 'No link any more', accounts: [ref], linkCard: card });
    expect(draft.linkCard).toBeNull();
  });
});
