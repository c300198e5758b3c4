import { describe, expect, it } from 'vitest';
import { LABEL_MESSAGES, LANG_MESSAGES } from '../../src/schemas/post-labels.schema';
import { blueskySuite } from '../support/bluesky-suite';
import { artworkInput, createArtwork, makeJpeg } from '../support/portfolio';
import { addPostMedia, postRecords, publish, savePost, savePostOk } from '../support/social';
import { dbLabel } from '../support/test-db';

/** Content labels and languages, read back from a real PDS. */
describe(`post labels and languages (${dbLabel()})`, () => {
  const { ctx, connected, settled: posted } = blueskySuite();
  const saveProfile = (body: Record<string, unknown>) => ctx.t.request('/api/user', { method: 'POST', token: ctx.ada, json: body });

  it('sends the labels as selfLabels and the languages as langs with an image post, and stores both on the post', async () => {
    const { account, ref } = await connected('figure');
    const draft = await savePostOk(ctx.t, ctx.ada, {
      content: 'Life drawing, Tuesday',
      accounts: [ref],
      labels: ['nudity'],
      langs: ['pt', 'en'],
    });
    expect(draft).toMatchObject({ labels: ['nudity'], langs: ['pt', 'en'] });
    const image = await addPostMedia(ctx.t, ctx.ada, draft.postId, await makeJpeg(300, 200), 'image/jpeg', 'figure.jpg');
    await savePostOk(ctx.t, ctx.ada, {
      postId: draft.postId,
      content: 'Life drawing, Tuesday',
      accounts: [ref],
      labels: ['nudity', 'graphic-media'],
      langs: ['pt', 'en'],
      mediaIds: [image.mediaId],
      altTexts: { [image.mediaId]: 'Charcoal figure study' },
    });
    expect((await publish(ctx.t, ctx.ada, draft.postId)).status).toBe(200);
    const post = await posted(draft.postId);
    expect(post.responses[0].postStatus).toBe('posted');
    expect(post).toMatchObject({ labels: ['nudity', 'graphic-media'], langs: ['pt', 'en'] });

    const [{ value }] = await postRecords(account.agent, account.did);
    expect(value.embed?.$type).toBe('app.bsky.embed.images');
    expect(value.labels).toEqual({ $type: 'com.atproto.label.defs#selfLabels', values: [{ val: 'nudity' }, { val: 'graphic-media' }] });
    expect(value.langs).toEqual(['pt', 'en']);
  });

  it("gives a post saved without languages the artist's default (English until one is chosen), and a text-only post no labels", async () => {
    const { account, ref } = await connected('lang');
    const before = await savePostOk(ctx.t, ctx.ada, { content: 'Hello', accounts: [ref] });
    expect(before.langs).toEqual(['en']);

    const saved = await saveProfile({ firstName: 'Ada', lastName: 'Lovelace', postLanguage: 'fr' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ postLanguage: 'fr' });
    // Left out of a later save, the language stays.
    expect(await (await saveProfile({ firstName: 'Ada', lastName: 'L' })).json()).toMatchObject({ postLanguage: 'fr' });

    const draft = await savePostOk(ctx.t, ctx.ada, { content: 'Bonjour, atelier ouvert', accounts: [ref], labels: ['sexual'] });
    expect(draft).toMatchObject({ langs: ['fr'], labels: ['sexual'] });
    // An update without languages keeps the post's own.
    expect((await savePostOk(ctx.t, ctx.ada, { postId: draft.postId, content: 'Bonjour', accounts: [ref] })).langs).toEqual(['fr']);
    expect((await publish(ctx.t, ctx.ada, draft.postId)).status).toBe(200);
    expect((await posted(draft.postId)).responses[0].postStatus).toBe('posted');

    const [{ value }] = await postRecords(account.agent, account.did);
    expect(value.text).toBe('Bonjour');
    expect(value.langs).toEqual(['fr']);
    // Labels describe images or video: without any, the record carries none.
    expect(value.labels).toBeUndefined();
  });

  it('refuses unknown labels, two adult labels and bad or too many languages with 400 and field messages', async () => {
    const { ref } = await connected('bad');
    const fieldErrorsOf = async (body: Partial<Parameters<typeof savePost>[2]>) => {
      const res = await savePost(ctx.t, ctx.ada, { content: 'x', accounts: [ref], ...body });
      expect(res.status).toBe(400);
      return ((await res.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors;
    };
    expect(await fieldErrorsOf({ labels: ['nsfw'] })).toEqual({ labels: [LABEL_MESSAGES.unknown] });
    expect(await fieldErrorsOf({ labels: ['nudity', 'porn'] })).toEqual({ labels: [LABEL_MESSAGES.oneAdult] });
    expect(await fieldErrorsOf({ langs: ['English!'] })).toEqual({ langs: [LANG_MESSAGES.bad] });
    expect(await fieldErrorsOf({ langs: ['en', 'fr', 'de', 'it'] })).toEqual({ langs: [LANG_MESSAGES.tooMany] });
    expect(await fieldErrorsOf({ langs: [] })).toEqual({ langs: [LANG_MESSAGES.none] });

    const profile = await saveProfile({ firstName: 'Ada', lastName: '', postLanguage: 'not a language' });
    expect(profile.status).toBe(400);
    expect(((await profile.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      postLanguage: [LANG_MESSAGES.bad],
    });
  });

  it("keeps an artwork's default labels, and refuses bad ones", async () => {
    const artwork = await createArtwork(ctx.t, ctx.ada, { ...artworkInput(), postLabels: ['nudity'] });
    expect(artwork.postLabels).toEqual(['nudity']);
    const res = await ctx.t.request(`/api/artwork/${artwork.artworkId}`, { token: ctx.ada });
    expect(((await res.json()) as { postLabels: string[] }).postLabels).toEqual(['nudity']);
    const bad = await ctx.t.request('/api/artwork', {
      method: 'POST',
      token: ctx.ada,
      json: { ...artworkInput(), postLabels: ['sexual', 'porn'] },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      postLabels: [LABEL_MESSAGES.oneAdult],
    });
  });
});
