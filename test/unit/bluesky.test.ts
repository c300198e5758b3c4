import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundDoor } from '../../server/outbound/guarded-fetch';
import {
  BlueskyError,
  blueskyLogin,
  newRecordKey,
  resumeAgent,
  writePost,
  writeThread,
  type BlueskySession,
} from '../../server/social/providers/bluesky/bluesky';
import { prepareImage } from '../../server/social/providers/bluesky/post-images';
import { startPds, type Pds } from '../support/pds';

describe('Bluesky client against a real PDS', () => {
  let pds: Pds;
  let alice: Awaited<ReturnType<Pds['createAccount']>>;
  // The PDS runs on loopback, which the door refuses unless private networks are allowed.
  const door = createOutboundDoor({ allowPrivateNetwork: true });
  beforeAll(async () => {
    pds = await startPds();
    alice = await pds.createAccount('alice.test');
    await pds.createAccount('bob.test');
  });
  afterAll(async () => {
    await door.close();
    await pds?.close();
  });

  it('a wrong app password is an auth failure with a readable message', async () => {
    const err = await blueskyLogin(pds.url, 'alice.test', 'wrong-wrong-wrong', door.fetch).catch((e) => e);
    expect(err).toBeInstanceOf(BlueskyError);
    expect(err.kind).toBe('auth');
    expect(err.message).toMatch(/app password/);
  });

  it('an unreachable server is reported as such', async () => {
    const err = await blueskyLogin('http://127.0.0.1:9', 'alice.test', 'x', door.fetch).catch((e) => e);
    expect(err.kind).toBe('unreachable');
    expect(err.retryable).toBe(true);
  });

  it('writes a post with facets and an image once, however often the same record key is retried', async () => {
    let session: BlueskySession = await blueskyLogin(pds.url, 'alice.test', alice.appPassword, door.fetch);
    const agent = await resumeAgent(
      session,
      async (s) => void (session = s),
      () => blueskyLogin(pds.url, 'alice.test', alice.appPassword, door.fetch),
      door.fetch,
    );
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Camera' } })
      .toBuffer();
    const image = await prepareImage(photo);
    const meta = await sharp(image.bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1200, 800, undefined]);
    const rkey = newRecordKey();
    const text = 'Café ☕ #Painting with @bob.test see https://example.com/art';
    const input = { text, rkey, createdAt: new Date().toISOString(), images: [{ ...image, alt: 'A brown study' }] };
    const first = await writePost(agent, input);
    const again = await writePost(agent, input);
    expect(again.uri).toBe(first.uri);

    const list = await agent.com.atproto.repo.listRecords({ repo: agent.session!.did, collection: 'app.bsky.feed.post' });
    expect(list.data.records).toHaveLength(1);
    const record = list.data.records[0].value as {
      text: string;
      facets: Array<{ index: { byteStart: number; byteEnd: number }; features: Array<Record<string, string>> }>;
      embed: { images: Array<{ alt: string; aspectRatio: object }> };
    };
    expect(record.text).toBe(text);
    const bytes = Buffer.from(text, 'utf8');
    const slice = (f: (typeof record.facets)[number]) => bytes.subarray(f.index.byteStart, f.index.byteEnd).toString('utf8');
    expect(record.facets.map(slice)).toEqual(['#Painting', '@bob.test', 'https://example.com/art']);
    expect(record.facets[0].features[0]).toMatchObject({ tag: 'Painting' });
    expect(record.facets[1].features[0].did).toMatch(/^did:plc:/);
    expect(record.embed.images[0]).toMatchObject({ alt: 'A brown study', aspectRatio: { width: 1200, height: 800 } });
  });

  it("a thread's CIDs match what the PDS stored, and a PDS answering other CIDs is noticed", async () => {
    const session = await blueskyLogin(pds.url, 'alice.test', alice.appPassword, door.fetch);
    const agent = await resumeAgent(
      session,
      async () => {},
      () => blueskyLogin(pds.url, 'alice.test', alice.appPassword, door.fetch),
      door.fetch,
    );
    const part = (text: string) => ({ text, rkey: newRecordKey(), createdAt: new Date().toISOString(), images: [] });
    expect((await writeThread(agent, [part('One'), part('Two #art'), part('Three @bob.test')], false)).mismatched).toBeUndefined();

    // The same write, as if the PDS had hashed the second part otherwise.
    const applyWrites = agent.com.atproto.repo.applyWrites.bind(agent.com.atproto.repo);
    agent.com.atproto.repo.applyWrites = async (...args: Parameters<typeof applyWrites>) => {
      const res = await applyWrites(...args);
      const results = res.data.results!.map((r, i) =>
        i === 1 && 'cid' in r ? { ...r, cid: r.cid.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) } : r,
      );
      return { ...res, data: { ...res.data, results } };
    };
    expect((await writeThread(agent, [part('Four'), part('Five'), part('Six')], false)).mismatched).toEqual([1]);
  });
});
