import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/schemas/social-platform.schema';
import { socialAccounts, users } from '../../server/db/schema';
import { jpegOf } from '../support/media-host';
import { SOCIAL_TEST_ENV, addPostMedia, publish, requestPostTicket, savePost, savePostOk } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

interface Refusal {
  fieldErrors: Record<string, string[]>;
}

describe(`each network's rules when a post goes out (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  const instagram = { platform: 'instagram' as const, handle: 'ada.paints' };
  const facebook = { platform: 'facebook' as const, handle: 'ada-studio' };
  const bluesky = { platform: 'bluesky' as const, handle: 'ada.bsky.social' };
  beforeAll(async () => {
    t = await createTestApp(SOCIAL_TEST_ENV);
    const { email, idToken } = await signedInUser(t);
    ada = idToken;
    // Connected as the connect flows leave them; the rules read only which networks are chosen.
    const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const row = (a: { platform: Platform; handle: string }) => ({
      userId: user.id,
      platform: a.platform,
      handle: a.handle,
      authMethod: 'oauth',
    });
    await t.deps.db.insert(socialAccounts).values([row(instagram), row(facebook), row(bluesky)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()) as Refusal).fieldErrors;
  };

  it('refuses an Instagram post without an image or video when it is saved to go out, naming the network and the rule', async () => {
    const errors = await refusal(await savePost(t, ada, { content: 'Words alone', accounts: [instagram], isDraft: false }));
    expect(errors.mediaIds).toEqual(['Instagram: a post needs at least one image or video']);
    // A draft is only a draft: kept as it is.
    expect((await savePost(t, ada, { content: 'Words alone', accounts: [instagram] })).status).toBe(200);
  });

  it("checks a scheduled post's text against Instagram's limits, and its files once it has them", async () => {
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    const when = Date.now() + 3_600_000;
    const errors = await refusal(await savePost(t, ada, { content: tags, accounts: [instagram], dateScheduled: when }));
    expect(errors.content).toEqual(['Instagram: at most 30 hashtags']);
    // Created with its schedule before its files are uploaded; saved with them listed, each is checked.
    const post = await savePostOk(t, ada, { content: 'A study', accounts: [instagram], dateScheduled: when });
    const fileless = await refusal(
      await savePost(t, ada, { postId: post.postId, content: 'A study', accounts: [instagram], dateScheduled: when }),
    );
    expect(fileless.mediaIds).toEqual(['Instagram: a post needs at least one image or video']);
    const image = await addPostMedia(t, ada, post.postId, await jpegOf(800, 1000), 'image/jpeg', 'study.jpg');
    const saved = await savePostOk(t, ada, {
      postId: post.postId,
      content: 'A study',
      accounts: [instagram],
      dateScheduled: when,
      mediaIds: [image.mediaId],
    });
    expect(saved.mediaIds).toEqual([image.mediaId]);
  });

  it('refuses Post on a draft that one of its networks would refuse, and publishes nothing', async () => {
    const post = await savePostOk(t, ada, { content: 'Words alone', accounts: [facebook, instagram] });
    const errors = await refusal(await publish(t, ada, post.postId));
    expect(errors.mediaIds).toEqual(['Instagram: a post needs at least one image or video']);
    const again = (await (await t.request(`/api/social-media/post/${post.postId}`, { token: ada })).json()) as { isDraft: boolean };
    expect(again.isDraft).toBe(true);
  });

  it('takes up to ten files with Instagram or Facebook chosen, and four with Bluesky alone', async () => {
    const post = await savePostOk(t, ada, { content: 'Six views', accounts: [bluesky, facebook] });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await addPostMedia(t, ada, post.postId, await jpegOf(400, 400), 'image/jpeg', `v${i}.jpg`)).mediaId);
    const six = await savePostOk(t, ada, { postId: post.postId, content: 'Six views', accounts: [bluesky, facebook], mediaIds: ids });
    expect(six.mediaIds).toEqual(ids);
    const blueskyAlone = await refusal(
      await savePost(t, ada, { postId: post.postId, content: 'Six views', accounts: [bluesky], mediaIds: ids }),
    );
    expect(blueskyAlone.mediaIds).toEqual(['Maximum 4 files allowed']);

    const small = await savePostOk(t, ada, { content: 'Four views', accounts: [bluesky] });
    for (let i = 0; i < 4; i++) await addPostMedia(t, ada, small.postId, await jpegOf(400, 400), 'image/jpeg', `w${i}.jpg`);
    const fifth = await refusal(await requestPostTicket(t, ada, small.postId, { name: 'w5.jpg', type: 'image/jpeg', size: 1000 }));
    expect(fifth.mediaIds).toEqual(['Maximum 4 files allowed']);
  });

  it('refuses an Instagram carousel of more than ten images by the same rule', async () => {
    const errors = await refusal(
      await savePost(t, ada, {
        content: 'Too many',
        accounts: [instagram],
        isDraft: false,
        mediaIds: Array.from({ length: 11 }, () => crypto.randomUUID()),
      }),
    );
    expect(errors.mediaIds).toEqual(['Maximum 10 files allowed']);
  });
});
