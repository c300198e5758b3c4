import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SocialPost } from '../../src/schemas/social.schema';
import { startMetaFake, type MetaFake } from './meta-fake';
import { SOCIAL_TEST_ENV, type ApiClient, addPostMedia, eventually, getPost, publish, savePostOk } from './social';
import { createTestApp, signedInUser, type TestApp } from './test-app';

const CALLBACK = '/oauth/meta/instagram/callback';

export interface InstagramStudio {
  meta: MetaFake;
  t: TestApp;
  /** The artist's token; their Instagram account is @ada.paints (the fake's). */
  ada: string;
  close(): Promise<void>;
}

/**
 * A studio on a real port (Meta's crawler fetches the pictures from APP_URL) beside Meta's fake, with an artist whose
 * Instagram account is connected through "Continue with Instagram".
 */
export async function instagramStudio(env: Record<string, string> = {}): Promise<InstagramStudio> {
  const meta = await startMetaFake();
  const ref: { t?: TestApp } = {};
  const server = http.createServer(async (req, res) => {
    const answer = await ref.t!.request(`${appUrl}${req.url}`, { method: req.method, holdMail: true });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await createTestApp({ ...SOCIAL_TEST_ENV, ...meta.env, APP_URL: appUrl, ...env });
  ref.t = t;
  meta.instagram.redirectUris.push(`${appUrl}${CALLBACK}`);
  const ada = (await signedInUser(t)).idToken;
  await connectInstagram(t, ada);
  return {
    meta,
    t,
    ada,
    async close() {
      await t.close();
      await meta.close();
      server.close();
    },
  };
}

/** Continue with Instagram, Allow on the fake's page, and the callback in the same browser; throws unless connected. */
export async function connectInstagram(t: ApiClient, token: string) {
  const start = await t.request('/api/social/meta/instagram/start', { method: 'POST', token });
  const cookie = start.headers.get('set-cookie')!.split(';')[0];
  const login = new URL(((await start.json()) as { authorizeUrl: string }).authorizeUrl);
  const allowed = await fetch(`${login.origin}${login.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ ...Object.fromEntries(login.searchParams), decision: 'allow' }),
    redirect: 'manual',
  });
  const back = new URL(allowed.headers.get('location')!.replace(/#_$/, ''));
  const done = await t.request(`${CALLBACK}${back.search}`, { headers: { cookie } });
  const result = new URL(done.headers.get('location')!).searchParams.get('instagram');
  if (result !== 'connected') throw new Error(`Instagram not connected: ${done.headers.get('location')}`);
}

/** Saves a post for @ada.paints with these files and presses Post; answers its id. */
export async function postToInstagram(s: InstagramStudio, caption: string, files: Array<{ bytes: Buffer; type: string; name: string }>) {
  const post = await savePostOk(s.t, s.ada, { content: caption, accounts: [{ platform: 'instagram', handle: 'ada.paints' }] });
  for (const f of files) await addPostMedia(s.t, s.ada, post.postId, f.bytes, f.type, f.name);
  const res = await publish(s.t, s.ada, post.postId);
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${await res.text()}`);
  return post.postId;
}

/** Runs the worker until the post's Instagram delivery is posted or failed; answers it. */
export const settledResponse = (s: InstagramStudio, postId: string, timeoutMs = 40_000) =>
  eventually(
    async () => {
      await s.t.deps.social.worker.runOnce();
      const r: SocialPost['responses'][number] | undefined = (await getPost(s.t, s.ada, postId)).responses[0];
      return r?.postStatus === 'posted' || r?.postStatus === 'error' ? r : null;
    },
    timeoutMs,
    200,
  );

/** The media published on the fake with this caption. */
export const mediaCaptioned = (meta: MetaFake, caption: string) => [...meta.state.igMedia.values()].filter((m) => m.caption === caption);
